@testable import CAMathAnimation
import CAMathLayer
import _CAMathTestSupport
import Testing

/// The soak in small (`scripts/soak.sh` runs the long one): a UI whose layers and animations come and go keeps
/// everything it holds bounded — layers, attached animations, the clock's timeline, delegate calls and completion
/// blocks all keep pace — and frees what it drops.
@Suite struct SoakTests {
    @Test func aChurningUIStaysBounded() {
        let ui = SoakUI(leaves: 300, seed: 7)
        var peaks = (animations: 0, entries: 0, events: 0)
        for block in 0..<6 {
            for _ in 0..<500 { ui.runFrame() }
            let timeline = ui.clock.timeline
            let sizes = (ui.attachedAnimations, timeline.entries.count, timeline.events.count)
            #expect(ui.leafCount == 300 && timeline.queued.isEmpty, "block \(block)")
            if block >= 2 {
                // After warm-up nothing grows: at most what one lifetime of the animations holds (about 16 frames of
                // changes and 3 spinners' seconds) — far below 500 frames' worth.
                #expect(
                    sizes.0 <= max(peaks.animations, 60) * 2 && sizes.1 <= max(peaks.entries, 60) * 2
                        && sizes.2 <= max(peaks.events, 60) * 2, "block \(block): \(sizes) after \(peaks)")
            }
            peaks = (max(peaks.animations, sizes.0), max(peaks.entries, sizes.1), max(peaks.events, sizes.2))
        }
        #expect(peaks.animations < 200 && peaks.entries < 200 && peaks.events < 400, "\(peaks)")
        // Every spinner but those of the last 2 s (12 at most, one per 10 frames) has stopped — finished, replaced or
        // freed with its leaf — and its block ran.
        #expect(
            ui.stops >= ui.spinners - 12 && ui.completions == ui.stops && ui.starts <= ui.spinners,
            "spinners \(ui.spinners), starts \(ui.starts), stops \(ui.stops), completions \(ui.completions)")
    }
}
