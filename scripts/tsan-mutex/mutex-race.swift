// ThreadSanitizer and `Synchronization.Mutex`: two threads append to an array that only
// `Mutex.withLock` touches. There is no race, yet ThreadSanitizer reports one when the lock is
// contended: the uncontended path's atomics are inlined into (instrumented) client code, but a
// thread that finds the lock taken waits and is woken inside the standard library, which is not
// instrumented, so the order that wake-up creates is invisible to it. Each thread holds the lock
// for a moment, so the other finds it taken; both start on the main thread's go, so how threads
// start orders nothing. (`check.sh` expects this report.)
import Foundation
import Synchronization

let guarded = Mutex<[Int]>([])
let group = DispatchGroup()
let ready = DispatchSemaphore(value: 0)
let go = DispatchSemaphore(value: 0)
for t in 0..<2 {
    group.enter()
    Thread.detachNewThread {
        ready.signal()
        go.wait()
        for i in 0..<200 {
            guarded.withLock {
                $0.append(i + t)
                usleep(100)
            }
        }
        group.leave()
    }
}
ready.wait(); ready.wait()
go.signal(); go.signal()
group.wait()
print(guarded.withLock { $0.count })
