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
