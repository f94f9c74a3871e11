import CAMathCore
import Foundation

extension LayerTree {
    /// A picture of the tree for debugging, as an SVG document: every layer's bounds mapped into the root's
    /// superlayer space (`convert(_:from:to:)` with `nil`, so 3-D transforms and perspective show as the quadrilaterals
    /// they map to), outlined and lightly filled in a colour of its own, labelled with its name (or `#index`), in the
    /// tree's order (back to front). The picture's y axis points down, as the layers' does on iOS.
    ///
    /// - Hidden layers and their subtrees are left out; a transform layer (one that does not flatten its sublayers) is a
    ///   dashed outline without fill; clipping (`masksToBounds`) and `zPosition` are not drawn.
    /// - A layer with a corner that does not map to a finite point (behind the eye, singular, NaN or ∞ geometry) is not
    ///   drawn; an XML comment names it.
    /// - With `hitTestGrid` n > 0 (at most 200), an n × n grid of points over the picture shows what ``hitTest(_:)`` answers there:
    ///   each point in the colour of the layer hit, grey where none is.
    ///
    /// The picture is `width` pixels wide (at least 16) and as high as the layers' extent needs. The output depends
    /// only on the tree: numbers are written with two decimals. Cost: O(layers × depth + n² × hit test).
    public func svgSnapshot(width: Double = 480, hitTestGrid: Int = 0) -> String {
        var visible = [Bool](repeating: false, count: count), quads: [[SIMD2<Double>]?] = []
        quads.reserveCapacity(count)
        for i in 0..<count {
            visible[i] = !geometries[i].isHidden && (parents[i] < 0 || visible[parents[i]])
            guard visible[i] else { quads.append(nil); continue }
            let b = geometries[i].bounds
            let corners = [
                CGPoint(x: b.minX, y: b.minY), CGPoint(x: b.maxX, y: b.minY), CGPoint(x: b.maxX, y: b.maxY),
                CGPoint(x: b.minX, y: b.maxY)
            ]
            let mapped = corners.map { convert($0, from: i, to: nil) }.map { SIMD2(Double($0.x), Double($0.y)) }
            quads.append(mapped.allSatisfy { $0.x.isFinite && $0.y.isFinite } ? mapped : nil)
        }
        // The extent of what is drawn, with a margin of a twentieth of its size (and at least one unit).
        let points = quads.compactMap { $0 }.flatMap { $0 }
        var lo = points.reduce(SIMD2(Double.infinity, .infinity)) { pointwiseMin($0, $1) }
        var hi = points.reduce(SIMD2(-Double.infinity, -.infinity)) { pointwiseMax($0, $1) }
        if points.isEmpty { (lo, hi) = (SIMD2(0, 0), SIMD2(1, 1)) }
        let margin = pointwiseMax((hi - lo) / 20, SIMD2(1, 1))
        (lo, hi) = (lo - margin, hi + margin)
        let pixels = max(16, width.isFinite ? width : 480), scale = pixels / (hi.x - lo.x)
        let height = ((hi.y - lo.y) * scale).rounded(.up)
        func f(_ v: Double) -> String { String(format: "%.2f", v) }
        func at(_ p: SIMD2<Double>) -> String { "\(f((p.x - lo.x) * scale)),\(f((p.y - lo.y) * scale))" }
        var svg =
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(f(pixels))\" height=\"\(f(height))\" "
            + "viewBox=\"0 0 \(f(pixels)) \(f(height))\" font-family=\"sans-serif\" font-size=\"11\">\n"
            + "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
        for i in 0..<count where visible[i] {
            let label = Self.escaped(names[i] ?? "#\(i)")
            guard let quad = quads[i] else {
                svg += "<!-- \(label): a corner maps to no finite point -->\n"
                continue
            }
            let color = Self.palette[i % Self.palette.count], flat = geometries[i].flattensSublayers
            svg +=
                "<polygon points=\"\(quad.map(at).joined(separator: " "))\" stroke=\"\(color)\" stroke-width=\"1.5\" "
                + (flat ? "fill=\"\(color)\" fill-opacity=\"0.12\"" : "fill=\"none\" stroke-dasharray=\"5 3\"") + "/>\n"
            let origin = (quad[0] - lo) * scale
            svg += "<text x=\"\(f(origin.x + 3))\" y=\"\(f(origin.y + 13))\" fill=\"\(color)\">\(label)</text>\n"
        }
        if hitTestGrid > 0 {
            let n = min(hitTestGrid, 200)
            for gy in 0..<n {
                for gx in 0..<n {
                    let p = lo + (hi - lo) * SIMD2((Double(gx) + 0.5) / Double(n), (Double(gy) + 0.5) / Double(n))
                    let color = hitTest(CGPoint(x: p.x, y: p.y)).map { Self.palette[$0 % Self.palette.count] } ?? "#bbbbbb"
                    let c = (p - lo) * scale
                    svg += "<circle cx=\"\(f(c.x))\" cy=\"\(f(c.y))\" r=\"1.6\" fill=\"\(color)\"/>\n"
                }
            }
        }
        return svg + "</svg>\n"
    }

    /// Colours that stay apart on white, one per layer in turn.
    static let palette = ["#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf", "#bcbd22", "#7f7f7f"]

    /// `text` with XML's five special characters escaped.
    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "'", with: "&apos;")
    }
}

extension Layer {
    /// ``LayerTree/svgSnapshot(width:hitTestGrid:)`` of this layer's subtree, in this layer's superlayer space: a
    /// picture of the layers as they are now. For the presentation at a time, take the presentation's snapshot
    /// (`layer.presentation(at: t)?.svgSnapshot()`). Cost: flattening the subtree, then the snapshot's.
    public func svgSnapshot(width: Double = 480, hitTestGrid: Int = 0) -> String {
        LayerTree(root: self).svgSnapshot(width: width, hitTestGrid: hitTestGrid)
    }
}
