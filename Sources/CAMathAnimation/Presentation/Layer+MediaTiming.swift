import CAMathLayer

/// A layer's own clock (<doc:MediaTimingModel>): its local time is (parent − beginTime)·speed + timeOffset,
/// composed from the root, whose parent time is the global media time. A layer's duration is infinite,
/// so the map never wraps or stops.
extension Layer: MediaTiming {
    /// Where the layer's time starts in its superlayer's time (default 0).
    public var beginTime: Double {
        get { timingParameters.beginTime }
        set { setTiming(\.beginTime, to: newValue, event: "beginTime") }
    }
    /// Stored and read back; a layer's time never stops, whatever it is (default +∞).
    public var duration: Double {
        get { timingParameters.duration }
        set { setTiming(\.duration, to: newValue, event: "duration") }
    }
    /// The rate of the layer's time (default 1; 0 pauses the layer and everything in it).
    public var speed: Float {
        get { timingParameters.speed }
        set { setTiming(\.speed, to: newValue, event: "speed") }
    }
    /// Added to the layer's local time (default 0).
    public var timeOffset: Double {
        get { timingParameters.timeOffset }
        set { setTiming(\.timeOffset, to: newValue, event: "timeOffset") }
    }
    /// Stored and read back; unused by a layer's clock (default 0).
    public var repeatCount: Float {
        get { timingParameters.repeatCount }
        set { setTiming(\.repeatCount, to: newValue, event: "repeatCount") }
    }
    /// Stored and read back; unused by a layer's clock (default 0).
    public var repeatDuration: Double {
        get { timingParameters.repeatDuration }
        set { setTiming(\.repeatDuration, to: newValue, event: "repeatDuration") }
    }
    /// Stored and read back; unused by a layer's clock (default `false`).
    public var autoreverses: Bool {
        get { timingParameters.autoreverses }
        set { setTiming(\.autoreverses, to: newValue, event: "autoreverses") }
    }
    /// Stored and read back; unused by a layer's clock (default `.removed`).
    public var fillMode: FillMode {
        get { timingParameters.fillMode }
        set { setTiming(\.fillMode, to: newValue, event: "fillMode") }
    }

    /// Sets one timing property as a change of the layer that posts `event`.
    private func setTiming<Value>(_ field: WritableKeyPath<MediaTimingParameters, Value>, to value: Value, event: String) {
        willChangeModel()
        willChangeClock()
        animationState.timing[keyPath: field] = value
        changeJournal?.recordAnimations()
        postEvent(event)
    }

    /// Time `t` of `layer`'s clock in this layer's clock (`nil`: the global media time). Through the
    /// nearest common ancestor: up from `layer` by the inverse maps, down to this layer by the forward
    /// maps; layers in different trees go through both roots. IEEE throughout (a paused layer on the way
    /// up gives ±∞ or NaN). Cost: O(depth of both layers).
    public func convertTime(_ t: Double, from layer: Layer?) -> Double {
        if layer === self { return t }
        let down = Self.ancestry(of: self)
        let up = layer.map(Self.ancestry) ?? []
        var common = 0
        if let top = up.last, let ownTop = down.last, top === ownTop {
            while common < min(up.count, down.count) && up[up.count - 1 - common] === down[down.count - 1 - common] {
                common += 1
            }
        }
        var time = t
        for l in up.dropLast(common) { time = l.timingParameters.parentTime(fromLocal: time) }
        for l in down.dropLast(common).reversed() { time = l.timingParameters.localTime(fromParent: time) }
        return time
    }

    /// Time `t` of this layer's clock in `layer`'s clock (`nil`: the global media time): the same as
    /// `layer.convertTime(t, from: self)`. Cost: O(depth of both layers).
    public func convertTime(_ t: Double, to layer: Layer?) -> Double {
        if let layer { return layer.convertTime(t, from: self) }
        var time = t
        for l in Self.ancestry(of: self) { time = l.timingParameters.parentTime(fromLocal: time) }
        return time
    }

    /// The layer's local time at global media time `t`: forward maps from its root down to it.
    /// Cost: O(depth).
    public func localTime(atMediaTime t: Double) -> Double {
        convertTime(t, from: nil)
    }

    /// The layer and its ancestors, the layer first.
    static func ancestry(of layer: Layer) -> [Layer] {
        var chain = [layer]
        while let up = chain.last!.superlayer { chain.append(up) }
        return chain
    }
}
