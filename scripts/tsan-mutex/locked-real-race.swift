// A real race beside `Locked`: one thread writes `shared` under the lock, the other outside it.
// ThreadSanitizer must still report it (`check.sh` expects the report).
import Foundation

final class Box: @unchecked Sendable { var shared = 0 }
let box = Box()
let lock = Locked<Int>(0)
let group = DispatchGroup()
group.enter()
Thread.detachNewThread {
    for _ in 0..<1_000 { lock.withLock { _ in box.shared += 1 } }
    group.leave()
}
group.enter()
Thread.detachNewThread {
    for _ in 0..<1_000 { box.shared += 1 }
    group.leave()
}
group.wait()
print(box.shared)
