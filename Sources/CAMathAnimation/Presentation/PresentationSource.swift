import CAMathLayer

/// An object that makes presentation copies of the layers of a tree faster than the reference fold, with the
/// same bits: a render tree (`RenderTree`, CAMathEngine) registers as the owner of its tree's
/// ``LayerChangeJournal``, and `Layer.presentation(at:)` asks it first.
package protocol PresentationSource: AnyObject {
    /// The presentation copy of `layer` and its subtree at global media time `t`, or `nil` to let the
    /// reference make it (a layer the source does not hold).
    func presentation(of layer: Layer, atMediaTime t: Double) -> Layer?
}
