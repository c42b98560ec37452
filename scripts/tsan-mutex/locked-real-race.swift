// A real race beside `Locked`: one thread writes `shared` under the lock, the other outside it.
// ThreadSanitizer must still report it (`check.sh` expects the report). Both threads start on the
// main thread's go (see mutex-race.swift).
import Foundation

final class Box: @unchecked Sendable { var shared = 0 }
let box = Box()
let lock = Locked<Int>(0)
let group = DispatchGroup()
let ready = DispatchSemaphore(value: 0)
let go = DispatchSemaphore(value: 0)
group.enter()
Thread.detachNewThread {
    ready.signal()
    go.wait()
    for _ in 0..<1_000 { lock.withLock { _ in box.shared += 1 } }
    group.leave()
}
group.enter()
Thread.detachNewThread {
    ready.signal()
    go.wait()
    for _ in 0..<1_000 { box.shared += 1 }
    group.leave()
}
ready.wait(); ready.wait()
go.signal(); go.signal()
group.wait()
print(box.shared)
