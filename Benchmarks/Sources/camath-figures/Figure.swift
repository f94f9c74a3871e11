import CAMath
import Foundation

/// One figure of the documentation: where it lives in the root package and how CAMath computes it.
struct Figure: Sendable {
    let path: String
    let render: @Sendable () throws -> String

    static let animation = "Sources/CAMathAnimation/CAMathAnimation.docc/Resources/"
    static let layer = "Sources/CAMathLayer/CAMathLayer.docc/Resources/"
    static let engine = "Sources/CAMathEngine/CAMathEngine.docc/Resources/"

    static let all: [Figure] = [
        Figure(path: animation + "timing-curves.svg", render: timingCurves),
        Figure(path: animation + "spring-responses.svg", render: springResponses),
        Figure(path: animation + "keyframe-modes.svg", render: keyframeModes),
        Figure(path: layer + "anchor-position-frame.svg", render: anchorPositionFrame),
        Figure(path: layer + "hit-regions.svg", render: hitRegions),
        Figure(path: engine + "clock-hand-frames.svg", render: clockHandFrames)
    ]

    /// `n + 1` evenly spaced values from `a` to `b`.
    static func samples(_ a: Double, _ b: Double, _ n: Int) -> [Double] { (0...n).map { a + (b - a) * Double($0) / Double(n) } }

    /// The five named timing functions: output progress against input progress.
    static func timingCurves() -> String {
        let names: [(CAMediaTimingFunctionName, String)] = [
            (.linear, "linear"), (.easeIn, "easeIn"), (.easeOut, "easeOut"), (.easeInEaseOut, "easeInEaseOut"), (.default, "default")
        ]
        let series = names.map { name, label in
            let curve = CAMediaTimingFunction(name: name)
            return LinePlot.Series(label: label, points: samples(0, 1, 100).map { ($0, Double(curve.evaluate($0))) })
        }
        return LinePlot(
            title: "The named timing functions", xLabel: "time (fraction of the duration)", yLabel: "progress", x: 0...1, y: 0...1,
            xTicks: samples(0, 1, 4), yTicks: samples(0, 1, 4), series: series
        ).svg()
    }

    /// A spring of mass 1 and stiffness 100 at four dampings (overdamping allowed): its fraction of the way against
    /// time.
    static func springResponses() -> String {
        let series = [4.0, 10, 20, 40].map { damping in
            var spring = DampedSpring(mass: 1, stiffness: 100, damping: damping)
            spring.allowsOverdamping = true
            let label = "damping \(LinePlot.number(damping)) (ratio \(LinePlot.number(spring.dampingRatio)))"
            return LinePlot.Series(label: label, points: samples(0, 1.5, 300).map { ($0, spring.fraction(atTime: $0)) })
        }
        return LinePlot(
            title: "Springs of mass 1, stiffness 100", xLabel: "time (s)", yLabel: "fraction of the way", x: 0...1.5, y: 0...1.6,
            xTicks: samples(0, 1.5, 6), yTicks: samples(0, 1.6, 4), series: series
        ).svg()
    }

    /// One keyframe animation of `position.x` through 0, 10, 4, 10 at key times 0, 0.2, 0.7, 1 in each calculation
    /// mode, as the presentation shows it over its one-second duration (the discrete mode takes key times only when
    /// they are one more than the values, so it holds each value for a quarter; the paced modes ignore them).
    static func keyframeModes() -> String {
        let modes: [(CalculationMode, String)] = [
            (.linear, "linear"), (.discrete, "discrete"), (.paced, "paced"), (.cubic, "cubic"), (.cubicPaced, "cubicPaced")
        ]
        let panelWidth = 200.0, panelHeight = 150.0, left = 40.0, top = 40.0, gap = 44.0
        let width = left + Double(modes.count) * panelWidth + Double(modes.count - 1) * gap + 16
        var svg = LinePlot.header(width: width, height: top + panelHeight + 48)
        for (k, (mode, label)) in modes.enumerated() {
            let animation = CAKeyframeAnimation(keyPath: "position.x")
            animation.values = [0.0, 10.0, 4.0, 10.0]
            animation.keyTimes = [0, 0.2, 0.7, 1]
            animation.duration = 1
            animation.calculationMode = mode
            animation.fillMode = .both
            animation.isRemovedOnCompletion = false
            let layer = CALayer()
            layer.add(animation, forKey: "x", atMediaTime: 0)
            CATransaction.flush()
            let points = samples(0, 1, 200).map { t in (t, Double(layer.presentation(at: t)!.position.x)) }
            let keys = [(0.0, 0.0), (0.2, 10.0), (0.7, 4.0), (1.0, 10.0)]
            let plot = LinePlot(
                title: label, xLabel: "time (s)", yLabel: "", x: 0...1, y: -1...12, xTicks: samples(0, 1, 2), yTicks: [0, 4, 10],
                series: [LinePlot.Series(label: label, points: points)])
            let x0 = left + Double(k) * (panelWidth + gap)
            svg += plot.panel(left: x0, top: top, width: panelWidth, height: panelHeight)
            // The keyframes at their key times, which the linear and cubic modes pass through.
            for (t, v) in keys where mode == .linear || mode == .cubic {
                svg +=
                    "<circle cx=\"\(f(x0 + t * panelWidth))\" cy=\"\(f(top + panelHeight - (v + 1) / 13 * panelHeight))\" r=\"3\" "
                    + "fill=\"none\" stroke=\"#333\"/>\n"
            }
        }
        return svg + "</svg>\n"
    }

    /// A layer of bounds 100 × 60 with anchor point (0.25, 0.5) at position (100, 80), turned 30°: its bounds, its
    /// anchor at the position, and its frame, the box of the turned bounds.
    static func anchorPositionFrame() -> String {
        let superlayer = CALayer()
        superlayer.bounds = CGRect(x: 0, y: 0, width: 220, height: 160)
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 60)
        layer.anchorPoint = CGPoint(x: 0.25, y: 0.5)
        layer.position = CGPoint(x: 100, y: 80)
        let upright = layer.frame
        layer.transform = CATransform3DMakeRotation(.pi / 6, 0, 0, 1)
        superlayer.addSublayer(layer)
        let scale = 2.0, margin = 20.0, plotHeight = 160 * scale + 2 * margin
        func at(_ p: CGPoint) -> String { "\(f(margin + Double(p.x) * scale)),\(f(margin + Double(p.y) * scale))" }
        func box(_ r: CGRect, _ style: String) -> String {
            "<rect x=\"\(f(margin + r.minX * scale))\" y=\"\(f(margin + r.minY * scale))\" width=\"\(f(r.width * scale))\" "
                + "height=\"\(f(r.height * scale))\" \(style)/>\n"
        }
        let b = layer.bounds
        let corners = [
            CGPoint(x: b.minX, y: b.minY), CGPoint(x: b.maxX, y: b.minY), CGPoint(x: b.maxX, y: b.maxY), CGPoint(x: b.minX, y: b.maxY)
        ]
        .map { layer.convert($0, to: superlayer) }
        let frame = layer.frame, position = layer.position
        let quadStyle = "fill=\"#1f77b4\" fill-opacity=\"0.15\" stroke=\"#1f77b4\" stroke-width=\"2\""
        let uprightStyle = "fill=\"none\" stroke=\"#888\" stroke-dasharray=\"2 3\""
        let frameStyle = "fill=\"none\" stroke=\"#d62728\" stroke-width=\"1.5\" stroke-dasharray=\"6 4\""
        var svg = LinePlot.header(width: 220 * scale + 2 * margin, height: plotHeight + 4 * 20 + 10)
        svg += box(superlayer.bounds, "fill=\"none\" stroke=\"#bbb\"")
        svg += "<text x=\"\(f(margin + 4))\" y=\"\(f(margin + 14))\" fill=\"#888\">the superlayer's bounds, (0, 0) at the top left</text>\n"
        svg += box(upright, uprightStyle)
        svg += "<polygon points=\"\(corners.map(at).joined(separator: " "))\" \(quadStyle)/>\n"
        svg += box(frame, frameStyle)
        svg += "<circle cx=\"\(f(margin + position.x * scale))\" cy=\"\(f(margin + position.y * scale))\" r=\"4.5\" fill=\"#2ca02c\"/>\n"
        // The legend, under the drawing: a swatch in each element's style, and what the element is.
        let entries: [(String, String)] = [
            ("<rect x=\"0\" y=\"-9\" width=\"26\" height=\"12\" \(quadStyle)/>", "bounds 100 × 60, turned 30° about the anchor point"),
            ("<rect x=\"0\" y=\"-9\" width=\"26\" height=\"12\" \(uprightStyle)/>", "the same bounds before the turn"),
            (
                "<circle cx=\"13\" cy=\"-3\" r=\"4.5\" fill=\"#2ca02c\"/>",
                "position (100, 80) in the superlayer: where the anchor point (0.25, 0.5) sits"
            ),
            (
                "<rect x=\"0\" y=\"-9\" width=\"26\" height=\"12\" \(frameStyle)/>",
                "frame (\(LinePlot.number(frame.minX)), \(LinePlot.number(frame.minY)), \(LinePlot.number(frame.width)), "
                    + "\(LinePlot.number(frame.height))): the box around the turned bounds"
            )
        ]
        for (k, (swatch, text)) in entries.enumerated() {
            let y = plotHeight + 6 + Double(k) * 20
            svg += "<g transform=\"translate(\(f(margin)) \(f(y)))\">\(swatch)<text x=\"36\" y=\"0\">\(text)</text></g>\n"
        }
        return svg + "</svg>\n"
    }

    /// A turned, scaled card with a tilted badge in perspective, and where hit tests land on them.
    static func hitRegions() -> String {
        let window = CALayer()
        window.name = "window"
        window.frame = CGRect(x: 0, y: 0, width: 240, height: 160)
        let card = CALayer()
        card.name = "card"
        card.bounds = CGRect(x: 0, y: 0, width: 120, height: 70)
        card.position = CGPoint(x: 110, y: 80)
        card.transform = CATransform3DScale(CATransform3DMakeRotation(-.pi / 9, 0, 0, 1), 1.2, 1.2, 1)
        let badge = CALayer()
        badge.name = "badge"
        badge.bounds = CGRect(x: 0, y: 0, width: 50, height: 50)
        badge.position = CGPoint(x: 100, y: 20)
        var tilt = CATransform3DIdentity
        tilt.m34 = -1.0 / 150
        badge.transform = CATransform3DRotate(tilt, .pi / 3, 0, 1, 0)
        window.addSublayer(card)
        card.addSublayer(badge)
        return window.svgSnapshot(width: 480, hitTestGrid: 48)
    }

    /// The guide's clock hand turning once in two seconds (ease in, ease out), drawn from what `RenderTree.render`
    /// writes: each layer's bounds through its world transform (the `Float` columns), six frames 0.4 s apart.
    static func clockHandFrames() throws -> String {
        let window = CALayer()
        window.frame = CGRect(x: 0, y: 0, width: 320, height: 480)
        let face = CALayer()
        face.frame = CGRect(x: 60, y: 100, width: 200, height: 200)
        let hand = CALayer()
        hand.bounds = CGRect(x: 0, y: 0, width: 10, height: 80)
        hand.anchorPoint = CGPoint(x: 0.5, y: 0.9)
        hand.position = CGPoint(x: 100, y: 100)
        window.addSublayer(face)
        face.addSublayer(hand)
        let turn = CABasicAnimation(keyPath: "transform.rotation.z")
        turn.fromValue = 0.0
        turn.toValue = 2 * CGFloat.pi
        turn.duration = 2
        turn.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        hand.add(turn, forKey: "turn", atMediaTime: 100)
        CATransaction.flush()
        let tree = try RenderTree(root: window), n = tree.count
        let columns = UnsafeMutableBufferPointer<SIMD4<Float>>.allocate(capacity: 4 * n)
        let opacities = UnsafeMutableBufferPointer<Float>.allocate(capacity: n),
            hidden = UnsafeMutableBufferPointer<Bool>.allocate(capacity: n)
        let frames = UnsafeMutableBufferPointer<CGRect>.allocate(capacity: n)
        defer {
            columns.deallocate()
            opacities.deallocate()
            hidden.deallocate()
            frames.deallocate()
        }
        let output = RenderOutput(transforms: columns, opacities: opacities, hidden: hidden, frames: frames)
        let panel = 120.0, gap = 12.0, count = 6
        var svg = LinePlot.header(width: Double(count) * (panel + gap) + gap, height: panel + 44)
        for k in 0..<count {
            let t = 100 + 0.4 * Double(k)
            try tree.render(atMediaTime: t, into: output)
            let x0 = gap + Double(k) * (panel + gap), scale = panel / 200
            // The face's square, 200 × 200 from (60, 100) in the window, fills the panel.
            func at(_ p: SIMD4<Float>) -> String {
                "\(f(x0 + (Double(p.x / p.w) - 60) * scale)),\(f(8 + (Double(p.y / p.w) - 100) * scale))"
            }
            svg += "<rect x=\"\(f(x0))\" y=\"8\" width=\"\(f(panel))\" height=\"\(f(panel))\" fill=\"#f4f4f4\" stroke=\"#999\"/>\n"
            for i in 1..<n where !hidden[i] {
                let b = tree.layers[i].bounds
                // Row-vector point (x, y, 0, 1) times the world transform: x·row 0 + y·row 1 + row 3 (the columns).
                let corners: [(x: CGFloat, y: CGFloat)] = [(b.minX, b.minY), (b.maxX, b.minY), (b.maxX, b.maxY), (b.minX, b.maxY)]
                let quad = corners.map { corner -> SIMD4<Float> in
                    let across: SIMD4<Float> = Float(corner.x) * columns[4 * i], down: SIMD4<Float> = Float(corner.y) * columns[4 * i + 1]
                    return across + down + columns[4 * i + 3]
                }
                let color = i == 1 ? "#999" : "#d62728"
                svg +=
                    "<polygon points=\"\(quad.map(at).joined(separator: " "))\" fill=\"\(color)\" fill-opacity=\"\(i == 1 ? "0.08" : "0.8")\" "
                    + "stroke=\"\(color)\"/>\n"
            }
            svg +=
                "<text x=\"\(f(x0 + panel / 2))\" y=\"\(f(panel + 28))\" text-anchor=\"middle\">t = \(LinePlot.number(t - 100)) s</text>\n"
        }
        return svg + "</svg>\n"
    }
}
