import Statecharts

/// W10 large flat chart: states S0…S49 in a ring and events E0…E49; Si takes only Ei, to
/// S(i+1 mod 50), with a guard (`count >= 0`, evaluated every time and always true) and a counting
/// action. The events are data: a fixed stream in which 461 of the 1,000 events are the one the
/// current state takes and 539 are another, which it refuses.
public enum W10 {
    public enum S: Hashable, Sendable, CaseIterable {
        case s0, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12, s13, s14, s15, s16, s17, s18, s19
        case s20, s21, s22, s23, s24, s25, s26, s27, s28, s29, s30, s31, s32, s33, s34, s35, s36, s37, s38, s39
        case s40, s41, s42, s43, s44, s45, s46, s47, s48, s49
    }
    public enum E: StatechartEvent, Hashable, CaseIterable {
        case e0, e1, e2, e3, e4, e5, e6, e7, e8, e9, e10, e11, e12, e13, e14, e15, e16, e17, e18, e19
        case e20, e21, e22, e23, e24, e25, e26, e27, e28, e29, e30, e31, e32, e33, e34, e35, e36, e37, e38, e39
        case e40, e41, e42, e43, e44, e45, e46, e47, e48, e49
    }
    public struct Context: Sendable, Equatable {
        public var count = 0
        public init() {}
    }

    /// The number of states, and of events.
    public static let size = 50

    /// How many events of ``events(count:)``'s default batch the ring accepts (the rest, 539, are
    /// refused); checked by ``WorkloadCheck``.
    public static let acceptedPerBatch = 461

    /// The chart: ``W10Compiled``'s definition (the compiled twin), compiled as a table chart.
    public static func makeChart() -> Statechart<S, E, Context> {
        try! Statechart<S, E, Context>(W10Compiled.definition)
    }

    /// One batch, made by following the ring from S0: where ``streamHash(_:)`` of the position is
    /// even, the event the current state takes (and the ring moves on); where it is odd, one of
    /// the 49 others, chosen by the hash's other bits, which the state refuses.
    public static func events(count: Int = eventsPerBatch) -> [E] {
        let all = E.allCases
        var state = 0
        return eventStream(count: count) { i in
            let hash = streamHash(i)
            if hash & 1 == 0 {
                defer { state = (state + 1) % size }
                return all[state]
            }
            return all[(state + 1 + Int((hash >> 1) % UInt64(size - 1))) % size]
        }
    }

    /// The hand-written baseline: a `switch` on the state, each case testing its event and the
    /// guard inline, then moving on and counting; not inlined.
    public struct Baseline: Sendable {
        public var state: S = .s0
        public var context = Context()
        public init() {}

        @inline(never)
        public mutating func send(_ event: E) -> Bool {
            switch state {
            case .s0: if event == .e0 && context.count >= 0 { state = .s1; context.count += 1; return true }
            case .s1: if event == .e1 && context.count >= 0 { state = .s2; context.count += 1; return true }
            case .s2: if event == .e2 && context.count >= 0 { state = .s3; context.count += 1; return true }
            case .s3: if event == .e3 && context.count >= 0 { state = .s4; context.count += 1; return true }
            case .s4: if event == .e4 && context.count >= 0 { state = .s5; context.count += 1; return true }
            case .s5: if event == .e5 && context.count >= 0 { state = .s6; context.count += 1; return true }
            case .s6: if event == .e6 && context.count >= 0 { state = .s7; context.count += 1; return true }
            case .s7: if event == .e7 && context.count >= 0 { state = .s8; context.count += 1; return true }
            case .s8: if event == .e8 && context.count >= 0 { state = .s9; context.count += 1; return true }
            case .s9: if event == .e9 && context.count >= 0 { state = .s10; context.count += 1; return true }
            case .s10: if event == .e10 && context.count >= 0 { state = .s11; context.count += 1; return true }
            case .s11: if event == .e11 && context.count >= 0 { state = .s12; context.count += 1; return true }
            case .s12: if event == .e12 && context.count >= 0 { state = .s13; context.count += 1; return true }
            case .s13: if event == .e13 && context.count >= 0 { state = .s14; context.count += 1; return true }
            case .s14: if event == .e14 && context.count >= 0 { state = .s15; context.count += 1; return true }
            case .s15: if event == .e15 && context.count >= 0 { state = .s16; context.count += 1; return true }
            case .s16: if event == .e16 && context.count >= 0 { state = .s17; context.count += 1; return true }
            case .s17: if event == .e17 && context.count >= 0 { state = .s18; context.count += 1; return true }
            case .s18: if event == .e18 && context.count >= 0 { state = .s19; context.count += 1; return true }
            case .s19: if event == .e19 && context.count >= 0 { state = .s20; context.count += 1; return true }
            case .s20: if event == .e20 && context.count >= 0 { state = .s21; context.count += 1; return true }
            case .s21: if event == .e21 && context.count >= 0 { state = .s22; context.count += 1; return true }
            case .s22: if event == .e22 && context.count >= 0 { state = .s23; context.count += 1; return true }
            case .s23: if event == .e23 && context.count >= 0 { state = .s24; context.count += 1; return true }
            case .s24: if event == .e24 && context.count >= 0 { state = .s25; context.count += 1; return true }
            case .s25: if event == .e25 && context.count >= 0 { state = .s26; context.count += 1; return true }
            case .s26: if event == .e26 && context.count >= 0 { state = .s27; context.count += 1; return true }
            case .s27: if event == .e27 && context.count >= 0 { state = .s28; context.count += 1; return true }
            case .s28: if event == .e28 && context.count >= 0 { state = .s29; context.count += 1; return true }
            case .s29: if event == .e29 && context.count >= 0 { state = .s30; context.count += 1; return true }
            case .s30: if event == .e30 && context.count >= 0 { state = .s31; context.count += 1; return true }
            case .s31: if event == .e31 && context.count >= 0 { state = .s32; context.count += 1; return true }
            case .s32: if event == .e32 && context.count >= 0 { state = .s33; context.count += 1; return true }
            case .s33: if event == .e33 && context.count >= 0 { state = .s34; context.count += 1; return true }
            case .s34: if event == .e34 && context.count >= 0 { state = .s35; context.count += 1; return true }
            case .s35: if event == .e35 && context.count >= 0 { state = .s36; context.count += 1; return true }
            case .s36: if event == .e36 && context.count >= 0 { state = .s37; context.count += 1; return true }
            case .s37: if event == .e37 && context.count >= 0 { state = .s38; context.count += 1; return true }
            case .s38: if event == .e38 && context.count >= 0 { state = .s39; context.count += 1; return true }
            case .s39: if event == .e39 && context.count >= 0 { state = .s40; context.count += 1; return true }
            case .s40: if event == .e40 && context.count >= 0 { state = .s41; context.count += 1; return true }
            case .s41: if event == .e41 && context.count >= 0 { state = .s42; context.count += 1; return true }
            case .s42: if event == .e42 && context.count >= 0 { state = .s43; context.count += 1; return true }
            case .s43: if event == .e43 && context.count >= 0 { state = .s44; context.count += 1; return true }
            case .s44: if event == .e44 && context.count >= 0 { state = .s45; context.count += 1; return true }
            case .s45: if event == .e45 && context.count >= 0 { state = .s46; context.count += 1; return true }
            case .s46: if event == .e46 && context.count >= 0 { state = .s47; context.count += 1; return true }
            case .s47: if event == .e47 && context.count >= 0 { state = .s48; context.count += 1; return true }
            case .s48: if event == .e48 && context.count >= 0 { state = .s49; context.count += 1; return true }
            case .s49: if event == .e49 && context.count >= 0 { state = .s0; context.count += 1; return true }
            }
            return false
        }
    }
}
