/// Calls `body` with every index below `count` whose flag in `flags` is not 0, in increasing order: how a batch
/// hands the lanes a kernel marked (slow, refused, general) to the reference. Reads the flags eight at a time, so a
/// block with no mark costs count / 8 loads.
package func forEachMarked(_ flags: UnsafePointer<UInt8>, count: Int, _ body: (Int) -> Void) {
    let raw = UnsafeRawPointer(flags)
    var k = 0
    while k + 8 <= count {
        if raw.loadUnaligned(fromByteOffset: k, as: UInt64.self) != 0 {
            for j in k..<k + 8 where flags[j] != 0 { body(j) }
        }
        k += 8
    }
    for j in k..<count where flags[j] != 0 { body(j) }
}
