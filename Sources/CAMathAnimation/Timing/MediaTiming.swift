/// The timing properties of layers and animations (`CAMediaTiming`); the model is in <doc:MediaTimingModel>.
///
/// Setters store what they are given: `speed` and `repeatCount` are `Float`, as Apple's, and the
/// arithmetic uses their exact widening. ``MediaTimingParameters`` holds the same properties as a value.
public protocol MediaTiming: AnyObject {
    /// Where the object's time starts in its parent's time.
    var beginTime: Double { get set }
    /// One cycle's length in seconds (an animation's 0 or less means 0.25 s when it is added).
    var duration: Double { get set }
    /// The rate of the object's time relative to its parent's (0 pauses, negative plays backwards).
    var speed: Float { get set }
    /// An offset in the object's own active time.
    var timeOffset: Double { get set }
    /// How many cycles play (fractional allowed; `.infinity` forever).
    var repeatCount: Float { get set }
    /// How long the cycles play, in seconds (wins over ``repeatCount`` when both are set).
    var repeatDuration: Double { get set }
    /// Whether each cycle plays forward and then back.
    var autoreverses: Bool { get set }
    /// What the object shows outside its active interval.
    var fillMode: FillMode { get set }
}

/// The timing properties of ``MediaTiming`` as one value, and the pure functions of the model on it.
public struct MediaTimingParameters: Sendable, Equatable {
    public var beginTime: Double = 0
    public var duration: Double = 0
    public var speed: Float = 1
    public var timeOffset: Double = 0
    public var repeatCount: Float = 0
    public var repeatDuration: Double = 0
    public var autoreverses = false
    public var fillMode: FillMode = .removed

    /// An animation's defaults: every property 0, except speed 1, and `.removed`.
    public init() {}

    public init(
        beginTime: Double = 0, duration: Double = 0, speed: Float = 1, timeOffset: Double = 0,
        repeatCount: Float = 0, repeatDuration: Double = 0, autoreverses: Bool = false,
        fillMode: FillMode = .removed
    ) {
        self.beginTime = beginTime; self.duration = duration; self.speed = speed; self.timeOffset = timeOffset
        self.repeatCount = repeatCount; self.repeatDuration = repeatDuration
        self.autoreverses = autoreverses; self.fillMode = fillMode
    }

    /// A layer's defaults: as an animation's, with an infinite duration.
    public static let layer = MediaTimingParameters(duration: .infinity)

    /// The duration that applies when none is set: `CATransaction`'s default, 0.25 s.
    public static let defaultDuration = 0.25
}
