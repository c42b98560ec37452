import StatechartsCompiled

// W2's ring and W3's deep chart (as in Benchmarks/), and a chart that uses the rest of the
// vocabulary (guards, whenIn, internal and eventless transitions, history, parallel regions,
// final states, raised events), each compiled by the macro.

enum Ring: Hashable, Sendable { case s0, s1, s2, s3, s4, s5, s6, s7, s8, s9 }
enum RingEvent: StatechartEvent, Hashable, CaseIterable { case next, bogus }

@CompiledStatechart
enum RingChart {
    typealias StateID = Ring
    typealias Event = RingEvent
    typealias Context = Count
    static let definition = Definition("ring") {
        State(.s0) { On(.next, to: .s1) { $0.count += 1 } }
        State(.s1) { On(.next, to: .s2) { $0.count += 2 } }
        State(.s2) { On(.next, to: .s3) { $0.count += 3 } }
        State(.s3) { On(.next, to: .s4) { $0.count += 4 } }
        State(.s4) { On(.next, to: .s5) { $0.count += 5 } }
        State(.s5) { On(.next, to: .s6) { $0.count += 6 } }
        State(.s6) { On(.next, to: .s7) { $0.count += 7 } }
        State(.s7) { On(.next, to: .s8) { $0.count += 8 } }
        State(.s8) { On(.next, to: .s9) { $0.count += 9 } }
        State(.s9) { On(.next, to: .s0) { $0.count += 10 } }
    }
}

enum Deep: Hashable, Sendable { case root, a, a1, a11, a111, a112, b, b1, b11, b111, b112 }
enum DeepEvent: StatechartEvent, Hashable, CaseIterable { case x, y, unused }

/// Every entry and exit appends to the log, so that the order is compared too.
@CompiledStatechart
enum DeepChart {
    typealias StateID = Deep
    typealias Event = DeepEvent
    typealias Context = [String]
    static let definition = Definition("deep") {
        State(.root) {
            OnEntry { $0.append("in root") }
            OnExit { $0.append("out root") }
            State(.a) {
                OnEntry { $0.append("in a") }
                OnExit { $0.append("out a") }
                State(.a1) {
                    OnEntry { $0.append("in a1") }
                    OnExit { $0.append("out a1") }
                    On(.y, to: .a112) { $0.append("a1 y") }
                    State(.a11) {
                        OnEntry { $0.append("in a11") }
                        OnExit { $0.append("out a11") }
                        State(.a111) {
                            OnEntry { $0.append("in a111") }
                            OnExit { $0.append("out a111") }
                            On(.x, to: .b112)
                        }
                        State(.a112) {
                            OnEntry { $0.append("in a112") }
                            OnExit { $0.append("out a112") }
                            On(.x, to: .b)
                        }
                    }
                }
            }
            State(.b) {
                OnEntry { $0.append("in b") }
                OnExit { $0.append("out b") }
                State(.b1) {
                    OnEntry { $0.append("in b1") }
                    OnExit { $0.append("out b1") }
                    State(.b11, initial: .b111) {
                        OnEntry { $0.append("in b11") }
                        OnExit { $0.append("out b11") }
                        State(.b111) {
                            OnEntry { $0.append("in b111") }
                            OnExit { $0.append("out b111") }
                            On(.y, to: .b112, kind: .internal)
                        }
                        State(.b112) {
                            OnEntry { $0.append("in b112") }
                            OnExit { $0.append("out b112") }
                            On(.x, to: .a111)
                        }
                    }
                }
            }
        }
    }
}

enum Mixed: Hashable, Sendable { case idle, busy, work, step1, step2, hist, done, panel, left, l1, l2, right, r1, r2, end }
enum MixedEvent: StatechartEvent, Hashable, CaseIterable { case go, tick, back, flip, finish, ping, reset }
struct MixedContext: Sendable, Equatable {
    var ticks = 0
    var log: [String] = []
}

/// The rest of the vocabulary: what the generated code runs (guards, whenIn, internal
/// transitions, actions that read the event) and what it leaves to the ordinary routes
/// (history, parallel regions, eventless follow-ups, final states, raised events).
@CompiledStatechart
enum MixedChart {
    typealias StateID = Mixed
    typealias Event = MixedEvent
    typealias Context = MixedContext
    static let definition = Definition("mixed") {
        State(.idle) {
            On(.go, to: .busy, guard: Guard { $0.ticks % 3 != 2 }) { $0.log.append("go") }
            On(.go, to: .panel) { $0.log.append("go panel") }
            On(.tick) { $0.ticks += 1 }
        }
        State(.busy) {
            OnEntry("enter busy") { context, event in context.log.append("busy on \(String(describing: event))") }
            OnExit { $0.log.append("out busy") }
            On(.back, to: .idle)
            On(.reset, to: .busy) { $0.log.append("reset busy") }
            State(.work, initial: .step1) {
                On(.ping) { context, _, outbox in
                    context.log.append("ping")
                    outbox.raise(.tick)
                }
                On(.tick, guard: Guard { context, event in context.ticks < 50 && event != nil }) { $0.ticks += 1 }
                State(.step1) { On(.tick, to: .step2, kind: .internal) { $0.log.append("step") } }
                State(.step2) {
                    Always(to: .done, guard: Guard { $0.ticks > 8 })
                    On(.tick, to: .step1)
                }
                History(.hist, default: .step2)
            }
            Final(.done) { OnEntry { $0.log.append("done") } }
            OnDone(to: .end)
        }
        Parallel(.panel) {
            On(.back, to: .busy) { $0.log.append("panel back") }
            On(.finish, to: .end)
            State(.left) {
                State(.l1) { On(.flip, to: .l2) { $0.log.append("l1>l2") } }
                State(.l2) { On(.flip, to: .l1, whenIn: [.r2]) { $0.log.append("l2>l1") } }
            }
            State(.right) {
                State(.r1) { On(.tick, to: .r2) }
                State(.r2) { On(.tick, to: .r1) { $0.ticks += 1 } }
            }
        }
        State(.end) { On(.reset, to: .idle) { $0.log.append("again") } }
    }
}
