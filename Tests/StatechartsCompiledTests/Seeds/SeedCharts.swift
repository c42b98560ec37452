import Foundation
import StatechartsCompiled

// The native charts of the five seed guides (docs/guides/coming-from-*.md), each compiled by the
// macro. SeedCompiledTests runs each with the expectations of its plain twin in
// Tests/StatechartsMigrationTests, and in lockstep with the plain chart.

// MARK: Transporter: a light in SCXML's order, and in Transporter's order with transition actions

enum SeedLight: Hashable, Sendable { case off, on }
enum SeedFlip: StatechartEvent, Hashable, CaseIterable { case flip, other }

@CompiledStatechart
enum TransporterSCXMLOrderChart {
    typealias StateID = SeedLight
    typealias Event = SeedFlip
    typealias Context = [String]
    static let definition = Definition("light") {
        State(.off) {
            OnExit { $0.append("exit off") }
            On(.flip, to: .on) { $0.append("transition") }
        }
        State(.on) { OnEntry { $0.append("enter on") } }
    }
}

@CompiledStatechart
enum TransporterOrderChart {
    typealias StateID = SeedLight
    typealias Event = SeedFlip
    typealias Context = [String]
    static let definition = Definition("light") {
        State(.off) {
            On(.flip, to: .on, actions: [
                Action { $0.append("willEnter on") },
                Action { $0.append("willExit off") },
                Action { $0.append("didExit off") },
                Action { $0.append("didEnter on") },
            ])
        }
        State(.on)
    }
}

// MARK: SwiftState: the door of routes, each route an event named after its target

enum SeedDoor: Hashable, Sendable { case closed, opened, locked }
/// SwiftState's `door <- .opened` tries a state; a chart sends an event: one per target state.
enum SeedDoorTry: StatechartEvent, Hashable, CaseIterable { case toOpened, toClosed, toLocked }

@CompiledStatechart
enum SwiftStateDoorChart {
    typealias StateID = SeedDoor
    typealias Event = SeedDoorTry
    typealias Context = [String]
    static let definition = Definition("door") {
        State(.closed) {
            // The handler of `.any => .opened`, as the action of each route into `.opened`.
            On(.toOpened, to: .opened) { $0.append("opened, from closed") }
            On(.toLocked, to: .locked)
        }
        State(.opened) { On(.toClosed, to: .closed) }
        State(.locked) { On(.toClosed, to: .closed) }
    }
}

// MARK: LSStateMachine: the membership, and the subscription with a parent state

enum SeedPhase: Hashable, Sendable { case pending, active, suspended }
enum SeedRequest: StatechartEvent, Hashable, CaseIterable { case activate, suspend, unsuspend }

@CompiledStatechart
enum MembershipChart {
    typealias StateID = SeedPhase
    typealias Event = SeedRequest
    typealias Context = [String]
    static let definition = Definition("membership") {
        State(.pending) { On(.activate, to: .active) }
        State(.active) { On(.suspend, to: .suspended) { $0.append("after suspend") } }
        State(.suspended) { On(.unsuspend, to: .active) }
    }
}

enum SeedStatus: Hashable, Sendable { case pending, live, active, suspended, terminated }
enum SeedCommand: StatechartEvent, Hashable, CaseIterable { case activate, suspend, unsuspend, terminate }
struct SeedAccount: Sendable, Equatable {
    static let terminationDate = Date(timeIntervalSince1970: 1_700_000_000)
    var terminatedAt: Date?
    var billing = true
    var log: [String] = []
}

/// The guide's named actions (`stampTermination`, `stopBilling`) are values made elsewhere, which
/// a compiled chart cannot inline: their bodies are written where they are used.
@CompiledStatechart
enum SubscriptionChart {
    typealias StateID = SeedStatus
    typealias Event = SeedCommand
    typealias Context = SeedAccount
    static let definition = Definition("subscription") {
        State(.pending) { On(.activate, to: .active) }
        State(.live, initial: .active) {
            On(.terminate, to: .terminated) {
                $0.terminatedAt = SeedAccount.terminationDate
                $0.log.append("before terminate")
            }
            State(.active) {
                On(.suspend, to: .suspended) {
                    $0.billing = false
                    $0.log.append("after suspend")
                }
            }
            State(.suspended) { On(.unsuspend, to: .active) }
        }
        State(.terminated)
    }
}

// MARK: The loading-screen article: states with data, an entry action reading the event

enum SeedListScreen: Hashable, Sendable { case loading, showingData, empty, error }
enum SeedFetch: StatechartEvent, Hashable {
    case loaded([String]), failed, reload
    enum Name: Hashable, Sendable { case loaded, failed, reload }
    var name: Name {
        switch self { case .loaded: .loaded; case .failed: .failed; case .reload: .reload }
    }
}

@CompiledStatechart
enum LoadingScreenChart {
    typealias StateID = SeedListScreen
    typealias Event = SeedFetch
    typealias Context = [String]
    static let definition = Definition("list") {
        State(.loading) {
            On(.loaded, to: .empty, guard: Guard("no items") { _, event in
                if case .loaded(let items)? = event { items.isEmpty } else { false }
            })
            On(.loaded, to: .showingData)
            On(.failed, to: .error)
        }
        State(.showingData) {
            OnEntry { rows, event in if case .loaded(let items)? = event { rows = items } }
            On(.reload, to: .loading)
        }
        State(.empty) { On(.reload, to: .loading) }
        State(.error) { On(.reload, to: .loading) }
    }
}

// MARK: STWorkflow: conditions, actions and final states (string states, eventless)

struct SeedVisitor: Sendable, Equatable {
    var hasAccount = false
    var acceptsSignup = false
    var plan = ""
    var log: [String] = []
}

@CompiledStatechart
enum WelcomeWorkflowChart {
    typealias StateID = String
    typealias Event = String
    typealias Context = SeedVisitor
    static let definition = Definition("welcome") {
        State("Has account") {
            Always(to: "Sign in", guard: Guard("has account") { $0.hasAccount })
            Always(to: "Sign up")
        }
        State("Sign up") {
            OnEntry { $0.log.append("account created") }
            Always(to: "Sign in")
        }
        Final("Sign in") { OnEntry { $0.log.append("signed in") } }
    }
}

@CompiledStatechart
enum OnboardingWorkflowChart {
    typealias StateID = String
    typealias Event = String
    typealias Context = SeedVisitor
    static let definition = Definition("onboarding") {
        State("Has account") {
            Always(to: "Load profile", guard: Guard("has account") { $0.hasAccount })
            Always(to: "Offer signup")
        }
        State("Load profile") {
            OnEntry { $0.log.append("profile loaded") }
            Always(to: "Home")
        }
        Final("Home") { OnEntry { $0.log.append("home") } }
        State("Offer signup") {
            Always(to: "Welcome", guard: Guard("accepts") { $0.acceptsSignup })
            Always(to: "Log refusal")
        }
        Final("Welcome") { OnEntry { $0.log.append("welcome") } }
        State("Log refusal") {
            OnEntry { $0.log.append("signup refused") }
            Always(to: "Home")
        }
    }
}

@CompiledStatechart
enum PlanChoiceWorkflowChart {
    typealias StateID = String
    typealias Event = String
    typealias Context = SeedVisitor
    static let definition = Definition("plan choice") {
        State("Pick plan") {
            Always(to: "Free plan", guard: Guard("free") { $0.plan == "free" })
            Always(to: "Pro plan", guard: Guard("pro") { $0.plan == "pro" })
            Always(to: "Team plan", guard: Guard("team") { $0.plan == "team" })
            Always(to: "Ask again")
        }
        Final("Free plan")
        Final("Pro plan")
        Final("Team plan")
        Final("Ask again")
    }
}
