import Foundation
import Statecharts
import StatechartsMigration
import Testing

@Suite("Coming from LSStateMachine: a subscription whose events answer true or false")
struct LSStateMachineTests {
    @Test("the guide's first sample, paste-ready: a membership that answers true or false")
    func firstSample() throws {
        enum Phase: Hashable, Sendable { case pending, active, suspended }
        enum Request: StatechartEvent, Hashable { case activate, suspend, unsuspend }

        let membershipChart = try Statechart<Phase, Request, [String]> {
            State(.pending) { On(.activate, to: .active) }
            State(.active) { On(.suspend, to: .suspended) { $0.append("after suspend") } }
            State(.suspended) { On(.unsuspend, to: .active) }
        }

        // LSStateMachine's generated methods, written once and typed
        struct Membership: StatechartModel {
            var machine: StatechartInstance<Phase, Request, [String]>

            mutating func activate() -> Bool { fire(.activate) }
            mutating func suspend() -> Bool { fire(.suspend) }
            var isActive: Bool { self.is(.active) }
            var canSuspend: Bool { can(.suspend) }
        }

        var membership = Membership(machine: membershipChart.start(context: []))
        let tooEarly = membership.suspend()             // false: a pending membership cannot suspend
        let activated = membership.activate()           // true
        let active = membership.isActive                // true
        let canSuspend = membership.canSuspend          // true
        let suspended = membership.suspend()            // true
        let state = membership.state                    // .suspended
        let log = membership.machine.context            // ["after suspend"]

        #expect(!tooEarly)
        #expect(activated && active && canSuspend && suspended)
        #expect(state == .suspended)
        #expect(log == ["after suspend"])
        #expect(!membership.canSuspend && !membership.isActive)
    }

    enum Status: Hashable, Sendable { case pending, active, suspended, terminated }
    enum Command: StatechartEvent, Hashable { case activate, suspend, unsuspend, terminate }

    /// The subscription's data: what the callbacks change.
    struct Account: Sendable, Equatable {
        var terminatedAt: Date?
        var billing = true
        var log: [String] = []
    }

    static let terminationDate = Date(timeIntervalSince1970: 1_700_000_000)

    /// `before terminate`: runs first among the transition's actions, before the state changes.
    static let stampTermination = Action<Command, Account>("stamp termination") {
        $0.terminatedAt = terminationDate
        $0.log.append("before terminate")
    }
    /// `after suspend`: runs last among the transition's actions.
    static let stopBilling = Action<Command, Account>("stop billing") {
        $0.billing = false
        $0.log.append("after suspend")
    }

    static func makeChart() throws -> Statechart<Status, Command, Account> {
        try Statechart {
            State(.pending) {
                On(.activate, to: .active)
            }
            State(.active) {
                On(.suspend, to: .suspended, actions: [stopBilling])
                On(.terminate, to: .terminated, actions: [stampTermination])
            }
            State(.suspended) {
                On(.unsuspend, to: .active)
                On(.terminate, to: .terminated, actions: [stampTermination])
            }
            State(.terminated)
        }
    }

    /// LSStateMachine's generated methods, one line each.
    struct Subscription: StatechartModel {
        var machine: StatechartInstance<Status, Command, Account>

        init(chart: Statechart<Status, Command, Account>) {
            machine = chart.start(context: Account())
        }

        @discardableResult mutating func activate() -> Bool { fire(.activate) }
        @discardableResult mutating func suspend() -> Bool { fire(.suspend) }
        @discardableResult mutating func unsuspend() -> Bool { fire(.unsuspend) }
        @discardableResult mutating func terminate() -> Bool { fire(.terminate) }

        var isPending: Bool { self.is(.pending) }
        var isActive: Bool { self.is(.active) }
        var isSuspended: Bool { self.is(.suspended) }
        var isTerminated: Bool { self.is(.terminated) }

        var canActivate: Bool { can(.activate) }
        var canSuspend: Bool { can(.suspend) }
        var canUnsuspend: Bool { can(.unsuspend) }
        var canTerminate: Bool { can(.terminate) }

        var terminatedAt: Date? { machine.context.terminatedAt }
    }

    @Test("pending → active → suspended → terminated, with the before and after callbacks")
    func lifecycle() throws {
        var subscription = Subscription(chart: try Self.makeChart())
        #expect(subscription.state == .pending)
        #expect(subscription.isPending)
        #expect(subscription.canActivate && !subscription.canSuspend)

        let activateAnswer = subscription.activate()
        #expect(activateAnswer)
        #expect(subscription.state == .active)
        #expect(subscription.isActive && subscription.canSuspend && subscription.canTerminate)

        let suspendAnswer = subscription.suspend()
        #expect(suspendAnswer)
        #expect(subscription.isSuspended)
        #expect(subscription.machine.context.billing == false)

        let terminateAnswer = subscription.terminate()
        #expect(terminateAnswer)
        #expect(subscription.isTerminated)
        #expect(subscription.terminatedAt == Self.terminationDate)
        #expect(subscription.machine.context.log == ["after suspend", "before terminate"])
        #expect(!subscription.canActivate && !subscription.canTerminate)
    }

    @Test("an invalid event answers false and changes nothing")
    func invalidEvent() throws {
        var subscription = Subscription(chart: try Self.makeChart())
        subscription.activate()
        subscription.suspend()
        let before = subscription.machine.context

        let activateAnswer = subscription.activate()
        #expect(!activateAnswer)
        #expect(subscription.state == .suspended)
        #expect(subscription.machine.context == before)
        #expect(subscription.canUnsuspend)
    }

    /// The same subscription with one `terminate` transition for both live states: a parent state
    /// says "from active or suspended" once.
    enum NestedStatus: Hashable, Sendable { case pending, live, active, suspended, terminated }

    @Test("one event from several states, said once by a parent state")
    func parentState() throws {
        let chart = try Statechart<NestedStatus, Command, Account> {
            State(.pending) { On(.activate, to: .active) }
            State(.live, initial: .active) {
                On(.terminate, to: .terminated, actions: [Self.stampTermination])
                State(.active) { On(.suspend, to: .suspended, actions: [Self.stopBilling]) }
                State(.suspended) { On(.unsuspend, to: .active) }
            }
            State(.terminated)
        }
        var fromActive = chart.start(context: Account())
        fromActive.send(.activate)
        #expect(fromActive.send(.terminate).isAccepted)
        var fromSuspended = chart.start(context: Account())
        fromSuspended.send(.activate)
        fromSuspended.send(.suspend)
        #expect(fromSuspended.isActive(.live))
        #expect(fromSuspended.send(.terminate).isAccepted)
        #expect(fromActive.activeLeaves == [.terminated] && fromSuspended.activeLeaves == [.terminated])
        #expect(fromSuspended.context.terminatedAt == Self.terminationDate)
        #expect(chart.transitions(of: .live).count == 1)
    }

    @Test("the guide shows this file's code")
    func guide() {
        #expect(guideLinesMissing(from: "coming-from-lsstatemachine.md") == [])
    }
}
