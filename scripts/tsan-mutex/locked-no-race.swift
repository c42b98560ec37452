// The same two threads through `Locked` (Sources/Statecharts/Support/Locked.swift, compiled in
// with this file by `check.sh`, with -DSTATECHARTS_TSAN): no report.
import Foundation

let guarded = Locked<[Int]>([])
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
