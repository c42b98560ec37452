// ThreadSanitizer and `Synchronization.Mutex`: two threads append to an array that only
// `Mutex.withLock` touches. There is no race, yet ThreadSanitizer reports one: it cannot see the
// standard library's lock. (`check.sh` expects this report.)
import Foundation
import Synchronization

let guarded = Mutex<[Int]>([])
let group = DispatchGroup()
for t in 0..<2 {
    group.enter()
    Thread.detachNewThread {
        for i in 0..<10_000 { guarded.withLock { $0.append(i + t) } }
        group.leave()
    }
}
group.wait()
print(guarded.withLock { $0.count })
