/// Returns its argument through a call the optimizer cannot see through, so that event streams
/// built from it are opaque: the compiler cannot specialize a loop for the events it will send.
@inline(never) @_optimize(none)
public func opaque<T>(_ value: T) -> T { value }

/// The number of events one benchmark iteration sends. Time per iteration divided by this is the
/// time per event.
public let eventsPerBatch = 1_000

/// An event stream of `count` events built at run time: `pattern(i)` gives the i-th event, and
/// every element passes through ``opaque(_:)``.
public func eventStream<E>(count: Int = eventsPerBatch, _ pattern: (Int) -> E) -> [E] {
    (0..<count).map { opaque(pattern($0)) }
}

/// A fixed pseudo-random 64-bit value for position `i` of an event stream (SplitMix64's output
/// for the i-th seed), so that a stream looks random to the machine it is sent to yet is the same
/// in every run.
public func streamHash(_ i: Int) -> UInt64 {
    var z = UInt64(truncatingIfNeeded: i) &* 0x9E37_79B9_7F4A_7C15 &+ 0x9E37_79B9_7F4A_7C15
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
}
