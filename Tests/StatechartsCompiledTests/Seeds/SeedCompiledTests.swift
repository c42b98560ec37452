import Testing
import StatechartsCompiled

/// The seed guides' native charts, compiled: each runs with the expectations its plain twin meets
/// in Tests/StatechartsMigrationTests, and in lockstep with the plain chart of the same definition.
@Suite("The seed examples, compiled")
struct SeedCompiledTests {
    @Test("Transporter: SCXML's order with entry and exit actions, Transporter's with transition actions")
    func transporterOrders() throws {
        var machine = try TransporterSCXMLOrderChart.start(context: [])
        machine.send(.flip)
        #expect(machine.context == ["exit off", "transition", "enter on"])

        var reordered = try TransporterOrderChart.start(context: [])
        reordered.send(.flip)
        #expect(reordered.context == ["willEnter on", "willExit off", "didExit off", "didEnter on"])

        try runLockstep(TransporterSCXMLOrderChart.self, context: [], events: SeedFlip.allCases, seed: 31, count: 50)
        try runLockstep(TransporterOrderChart.self, context: [], events: SeedFlip.allCases, seed: 32, count: 50)
    }

    @Test("SwiftState: the door of routes; a refused route changes nothing")
    func swiftStateDoor() throws {
        var door = try SwiftStateDoorChart.start(context: [])
        #expect(door.send(.toOpened).isAccepted)          // door <- .opened: "opened, from closed"
        #expect(!door.send(.toLocked).isAccepted)         // door <- .locked: refused from opened
        door.send(.toClosed)
        door.send(.toLocked)
        #expect(door.instance.activeLeaves == [.locked])
        #expect(door.context == ["opened, from closed"])
        try runLockstep(SwiftStateDoorChart.self, context: [], events: SeedDoorTry.allCases, seed: 33, count: 300)
    }

    @Test("LSStateMachine: events answer true or false, queries answer is and can")
    func membership() throws {
        var membership = try MembershipChart.start(context: [])
        let tooEarly = membership.send(.suspend).isAccepted
        let activated = membership.send(.activate).isAccepted
        let active = membership.isActive(.active)
        let canSuspend = membership.instance.can(.suspend)
        let suspended = membership.send(.suspend).isAccepted
        #expect(!tooEarly)
        #expect(activated && active && canSuspend && suspended)
        #expect(membership.instance.activeLeaves == [.suspended])
        #expect(membership.context == ["after suspend"])
        #expect(!membership.instance.can(.suspend) && !membership.isActive(.active))
        try runLockstep(MembershipChart.self, context: [], events: SeedRequest.allCases, seed: 34, count: 300)
    }

    @Test("LSStateMachine: one terminate from several states, said once by a parent state")
    func subscription() throws {
        var fromActive = try SubscriptionChart.start(context: SeedAccount())
        fromActive.send(.activate)
        #expect(fromActive.send(.terminate).isAccepted)
        var fromSuspended = try SubscriptionChart.start(context: SeedAccount())
        fromSuspended.send(.activate)
        fromSuspended.send(.suspend)
        #expect(fromSuspended.isActive(.live))
        #expect(!fromSuspended.context.billing)
        #expect(fromSuspended.send(.terminate).isAccepted)
        #expect(fromActive.instance.activeLeaves == [.terminated] && fromSuspended.instance.activeLeaves == [.terminated])
        #expect(fromSuspended.context.terminatedAt == SeedAccount.terminationDate)
        #expect(fromSuspended.context.log == ["after suspend", "before terminate"])
        #expect(try SubscriptionChart.statechart.transitions(of: .live).count == 1)
        try runLockstep(SubscriptionChart.self, context: SeedAccount(), events: SeedCommand.allCases, seed: 35, count: 300)
    }

    @Test("the loading screen: the load's result, read by a guard and an entry action, picks the state")
    func loadingScreen() throws {
        var screen = try LoadingScreenChart.start(context: [])
        screen.send(.loaded(["first", "second"]))
        #expect(screen.instance.activeLeaves == [.showingData])
        #expect(screen.context == ["first", "second"])
        screen.send(.reload)
        screen.send(.failed)
        #expect(screen.instance.activeLeaves == [.error])
        screen.send(.reload)
        screen.send(.loaded([]))
        #expect(screen.instance.activeLeaves == [.empty])
        let events: [SeedFetch] = [.loaded([]), .loaded(["a"]), .loaded(["b", "c"]), .failed, .reload]
        try runLockstep(LoadingScreenChart.self, context: [], events: events, seed: 36, count: 300)
    }

    @Test("STWorkflow: conditions choose their exit, actions run, final states end the workflow")
    func workflows() throws {
        let returning = try WelcomeWorkflowChart.start(context: SeedVisitor(hasAccount: true))
        let newcomer = try WelcomeWorkflowChart.start(context: SeedVisitor())
        #expect(returning.context.log == ["signed in"])
        #expect(newcomer.context.log == ["account created", "signed in"])
        #expect(newcomer.instance.isFinished && returning.instance.isFinished)

        let known = try OnboardingWorkflowChart.start(context: SeedVisitor(hasAccount: true))
        #expect(known.instance.isFinished && known.context.log == ["profile loaded", "home"])
        let refusing = try OnboardingWorkflowChart.start(context: SeedVisitor())
        #expect(refusing.context.log == ["signup refused", "home"])
        let joining = try OnboardingWorkflowChart.start(context: SeedVisitor(acceptsSignup: true))
        #expect(joining.context.log == ["welcome"])

        #expect(try PlanChoiceWorkflowChart.start(context: SeedVisitor(plan: "pro")).instance.activeLeaves == ["Pro plan"])
        #expect(try PlanChoiceWorkflowChart.start(context: SeedVisitor(plan: "team")).instance.activeLeaves == ["Team plan"])
        #expect(try PlanChoiceWorkflowChart.start(context: SeedVisitor(plan: "gold")).instance.activeLeaves == ["Ask again"])

        for visitor in [SeedVisitor(), SeedVisitor(hasAccount: true), SeedVisitor(acceptsSignup: true), SeedVisitor(plan: "free")] {
            try runLockstep(WelcomeWorkflowChart.self, context: visitor, events: ["go"], seed: 37, count: 5)
            try runLockstep(OnboardingWorkflowChart.self, context: visitor, events: ["go"], seed: 38, count: 5)
            try runLockstep(PlanChoiceWorkflowChart.self, context: visitor, events: ["go"], seed: 39, count: 5)
        }
    }
}
