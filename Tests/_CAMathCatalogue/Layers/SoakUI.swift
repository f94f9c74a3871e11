@_spi(Benchmarks) import CAMath
import Foundation

/// A long-running UI for soaks: `leaves` layers in groups of 100 under one root, on a manual clock of its own, where
/// layers and animations come and go. Each ``runFrame()``:
/// - advances the clock by 1/60 s;
/// - changes a few leaves (one per 500, at least one) — position, opacity or rotation — in the implicit transaction,
///   so each change starts an implicit animation (0.25 s) from where the leaf appears;
/// - every tenth frame, adds a spinner (`transform.rotation.z`, 1 s, repeated twice) under the key `"spin"` to a
///   leaf in an explicit transaction with a completion block, replacing the leaf's spinner if it has one;
/// - removes one leaf from the tree and adds a new one (configured, then committed: it animates from then on);
/// - runs the frame hook.
///
/// What a soak watches is what a UI that runs for hours needs to stay flat: frame time and memory after warm-up, and
/// the counts here. Leaves removed are freed at once (the UI keeps no reference), their animations stopped.
public final class SoakUI {
    public let clock = MediaClock(startTime: 0)
    public let root: Layer
    private var groups: [Layer] = []
    private var leaves: [Layer] = []
    private var random: SeededGenerator
    private let delegate = SoakDelegate()
    /// Frames run, and completion blocks run so far.
    public private(set) var frames = 0, completions = 0
    /// Spinners added (each has a delegate and a completion block).
    public private(set) var spinners = 0

    /// A UI of `leaves` leaves (at least 1) drawn from `seed`, committed.
    public init(leaves count: Int, seed: UInt64) {
        random = SeededGenerator(seed: seed)
        root = Layer()
        MediaClock.withCurrent(clock) {
            root.bounds = CGRect(x: 0, y: 0, width: 1000, height: 1000)
            for g in 0..<max(1, (count + 99) / 100) {
                let group = Layer()
                group.frame = CGRect(x: Double(g % 10) * 100, y: Double(g / 10 % 10) * 100, width: 100, height: 100)
                root.addSublayer(group)
                groups.append(group)
            }
            for _ in 0..<max(1, count) { addLeaf() }
            LayerTransaction.flush()
        }
    }

    /// Animation delegate calls heard so far: starts and stops.
    public var starts: Int { delegate.starts }
    public var stops: Int { delegate.stops }
    /// The leaves in the tree now.
    public var leafCount: Int { leaves.count }

    /// The animations attached to the layers of the tree. O(layers).
    public var attachedAnimations: Int { LayerTree.layers(of: root).reduce(0) { $0 + ($1.animationKeys()?.count ?? 0) } }

    /// One frame (see the type's documentation).
    public func runFrame() {
        MediaClock.withCurrent(clock) {
            clock.advance(by: 1.0 / 60)
            for _ in 0..<max(1, leaves.count / 500) {
                let leaf = leaves[int(below: leaves.count)]
                switch int(below: 3) {
                case 0: leaf.position = CGPoint(x: Double(int(below: 100)), y: Double(int(below: 100)))
                case 1: leaf.opacity = Float(int(below: 100)) / 100
                default: leaf.transform = Transform3D(rotationAngle: Double(int(below: 628)) / 100, x: 0, y: 0, z: 1)
                }
            }
            if frames % 10 == 0 { addSpinner(to: leaves[int(below: leaves.count)]) }
            let gone = int(below: leaves.count)
            leaves[gone].removeFromSuperlayer()
            leaves.swapAt(gone, leaves.count - 1)
            leaves.removeLast()
            addLeaf()
            FrameHook.run()
            frames += 1
        }
    }

    private func addSpinner(to leaf: Layer) {
        let spin = BasicAnimation(keyPath: "transform.rotation.z")
        spin.fromValue = 0.0
        spin.toValue = 2 * Double.pi
        spin.duration = 1
        spin.repeatCount = 2
        spin.delegate = delegate
        LayerTransaction.begin()
        LayerTransaction.setCompletionBlock { [weak self] in self?.completions += 1 }
        leaf.add(spin, forKey: "spin")
        LayerTransaction.commit()
        spinners += 1
    }

    private func addLeaf() {
        let leaf = Layer()
        leaf.bounds = CGRect(x: 0, y: 0, width: 8, height: 8)
        leaf.position = CGPoint(x: Double(int(below: 100)), y: Double(int(below: 100)))
        groups[int(below: groups.count)].addSublayer(leaf)
        leaves.append(leaf)
    }

    private func int(below bound: Int) -> Int { Int(random.next() % UInt64(max(1, bound))) }
}

/// Counts the spinners' delegate calls.
private final class SoakDelegate: AnimationDelegate {
    var starts = 0, stops = 0
    func animationDidStart(_ anim: LayerAnimation) { starts += 1 }
    func animationDidStop(_ anim: LayerAnimation, finished flag: Bool) { stops += 1 }
}
