/// Payloads by the media time they are due: a binary min-heap. The frames' predicted animation events and a
/// render tree's animation endings wait in one.
package struct TimeQueue<Payload> {
    package struct Entry {
        package let time: Double
        package var payload: Payload

        // Specialised for the render tree's endings, as `push(contentsOf:)` is below: made in the engine's module,
        // an entry went through the generic initializer and its metadata lookup (400 instructions an entry).
        @_specialize(exported:true,where Payload == (node: Int, animation: LayerAnimation))
        @inlinable package init(time: Double, payload: Payload) { (self.time, self.payload) = (time, payload) }
    }

    @usableFromInline var heap: [Entry] = []

    package init() {}

    /// The earliest entry, or `nil`. O(1).
    @inlinable package var first: Entry? { heap.first }

    /// Whether nothing waits. O(1).
    @inlinable package var isEmpty: Bool { heap.isEmpty }

    /// The number of entries. O(1).
    @inlinable package var count: Int { heap.count }

    /// Adds `payload` due at `time`. O(log n).
    @inlinable package mutating func push(_ payload: Payload, at time: Double) {
        heap.append(Entry(time: time, payload: payload))
        var i = heap.count - 1
        while i > 0, heap[(i - 1) / 2].time > heap[i].time {
            heap.swapAt(i, (i - 1) / 2)
            i = (i - 1) / 2
        }
    }

    /// Adds `entries`: one at a time when they are few, else all appended and the heap made again. O(k log n), or
    /// O(n + k) when k is above n/8.
    // The render trees' endings (CAMathEngine) call this and `removeAll(where:)` with one payload type; a
    // call from that module ran the generic body, element by element through value witnesses (its heapify was 8 %
    // of a churning frame), so it is specialised here for that payload.
    @_specialize(exported:true,where Payload == (node: Int, animation: LayerAnimation))
    @inlinable package mutating func push(contentsOf entries: [Entry]) {
        guard entries.count > heap.count / 8 else {
            for entry in entries { push(entry.payload, at: entry.time) }
            return
        }
        heap += entries
        for i in stride(from: heap.count / 2 - 1, through: 0, by: -1) { siftDown(from: i) }
    }

    /// Removes and returns the earliest entry. O(log n).
    @discardableResult
    @inlinable package mutating func pop() -> Entry? {
        guard !heap.isEmpty else { return nil }
        heap.swapAt(0, heap.count - 1)
        let entry = heap.removeLast()
        siftDown(from: 0)
        return entry
    }

    /// Removes every entry whose payload `isRemoved` picks, and what it holds. O(n).
    @_specialize(exported:true,where Payload == (node: Int, animation: LayerAnimation))
    @inlinable package mutating func removeAll(where isRemoved: (Payload) -> Bool) {
        heap.removeAll { isRemoved($0.payload) }
        for i in stride(from: heap.count / 2 - 1, through: 0, by: -1) { siftDown(from: i) }
    }

    /// Changes every payload in place; their times, and so the heap, stay. O(n).
    @inlinable package mutating func updatePayloads(_ body: (inout Payload) -> Void) {
        heap.withUnsafeMutableBufferPointer { h in
            for i in h.indices { body(&h[i].payload) }
        }
    }

    /// Restores the heap below `start`, whose children are heaps.
    @inlinable mutating func siftDown(from start: Int) {
        var i = start
        while true {
            let l = 2 * i + 1, r = l + 1
            var m = i
            if l < heap.count, heap[l].time < heap[m].time { m = l }
            if r < heap.count, heap[r].time < heap[m].time { m = r }
            if m == i { return }
            heap.swapAt(i, m)
            i = m
        }
    }

    /// Removes and returns every entry due at or before `time`, earliest first. O(k log n).
    @inlinable package mutating func popDue(at time: Double) -> [Entry] {
        var due: [Entry] = []
        while let entry = heap.first, entry.time <= time { due.append(pop()!) }
        return due
    }

    /// Removes everything.
    package mutating func removeAll() { heap.removeAll(keepingCapacity: true) }
}
