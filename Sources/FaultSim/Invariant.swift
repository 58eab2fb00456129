/// Stops with `message` when `condition` is false. Unlike `precondition`, whose message an
/// optimised build drops, the message always reaches the person reading the crash, and the
/// simulator's modules are optimised even under `swift test`.
@inline(__always)
func invariant(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
               file: StaticString = #fileID, line: UInt = #line) {
    if !condition() { fatalError("invariant violated: " + message(), file: file, line: line) }
}
