@_spi(Benchmarks) import CAMathBatch
import CAMathCore
import CAMathLayer
import Foundation
import _CAMathKernels

extension Batch {
    /// CALayer's autoresizing of many sublayers for one superlayer size change: `out[i]` is
    /// `LayerAutoresizing.resizedFrame(frames[i], mask: masks[i], …)`, or `frames[i]` where the rule changes
    /// nothing — the rect each layer's `resize(withOldSuperlayerSize:)` hands to `setFrame` (for a layer
    /// without a transform, its new frame once standardised).
    ///
    /// Paths: `.scalar` (the reference per frame); `.simd` (the rule in vector lanes, operation for operation:
    /// bit-identical); `.blas` throws. A non-finite size leaves every frame as it is; a frame with a non-finite
    /// component stays as it is. `out` may be `frames`' memory. Mismatched counts throw before anything is
    /// written. Cost: O(n), two divisions and two roundings per axis.
    public static func autoresize(
        _ frames: UnsafeBufferPointer<CGRect>, masks: UnsafeBufferPointer<AutoresizingMask>,
        oldSuperlayerSize old: CGSize, newSuperlayerSize new: CGSize,
        into out: UnsafeMutableBufferPointer<CGRect>,
        options: BatchOptions = .auto
    ) throws(BatchError) {
        let n = frames.count
        try BatchError.check("masks", masks.count, equals: n)
        try BatchError.check("out", out.count, equals: n)
        let (resolved, threadCount, kernels) = try schedule(.autoresize, count: n, options: options.exactPrecision)
        guard n > 0, let f = frames.baseAddress, let m = masks.baseAddress, let o = out.baseAddress else { return }
        let pf = SharedReadPointer(base: f), pm = SharedReadPointer(base: m), po = SharedPointer(base: o)
        let sizes = [old.width, old.height, new.width, new.height].map(Double.init)
        guard sizes.allSatisfy(\.isFinite) else {
            chunks(count: n, threads: threadCount) { r in for i in r { po.base[i] = pf.base[i] } }
            return
        }
        chunks(count: n, threads: threadCount) { r in
            if resolved == .scalar {
                for i in r {
                    po.base[i] =
                        LayerAutoresizing.resizedFrame(
                            pf.base[i], mask: pm.base[i], oldSuperlayerSize: old,
                            newSuperlayerSize: new) ?? pf.base[i]
                }
                return
            }
            UnsafeRawPointer(pm.base + r.lowerBound).withMemoryRebound(to: UInt32.self, capacity: r.count) { bits in
                kernels.k.autoresize(
                    doubles(pf.base + r.lowerBound), bits, sizes[0], sizes[1], sizes[2], sizes[3],
                    doubles(po.base + r.lowerBound), r.count)
            }
        }
    }

    /// Array form of `autoresize(_:masks:oldSuperlayerSize:newSuperlayerSize:into:options:)`.
    public static func autoresize(
        _ frames: [CGRect], masks: [AutoresizingMask], oldSuperlayerSize old: CGSize,
        newSuperlayerSize new: CGSize,
        options: BatchOptions = .auto
    ) throws(BatchError) -> [CGRect] {
        try Array.filled(count: frames.count) { out throws(BatchError) in
            try frames.withUnsafeBufferPointer { f throws(BatchError) in
                try masks.withUnsafeBufferPointer { m throws(BatchError) in
                    try autoresize(f, masks: m, oldSuperlayerSize: old, newSuperlayerSize: new, into: out, options: options.exactPrecision)
                }
            }
        }
    }
}
