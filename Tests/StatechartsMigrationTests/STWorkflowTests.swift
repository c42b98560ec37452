import Statecharts
import StatechartsMigration
import Testing

@Suite("Coming from STWorkflow: conditions, actions, dispatch and asynchronous steps as statechart states")
struct STWorkflowTests {
    @Test("the guide's first sample, paste-ready: a condition, two actions, a final state")
    func firstSample() throws {
        struct Visitor: Sendable {
            var hasAccount = false
            var log: [String] = []
        }

        // a simple condition (two exits), two actions, a final state
        let welcome = try Statechart<String, String, Visitor> {
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

        let returning = welcome.start(context: Visitor(hasAccount: true))
        let newcomer = welcome.start(context: Visitor())
        let returningLog = returning.context.log        // ["signed in"]
        let newcomerLog = newcomer.context.log          // ["account created", "signed in"]
        let finished = newcomer.isFinished              // true
        print(welcome.workflowTree())
        // Has account (S)
        // Y- Sign in (A) !
        // N- Sign up (A)
        // | Sign in (A) ! *

        #expect(returningLog == ["signed in"])
        #expect(newcomerLog == ["account created", "signed in"])
        #expect(finished && returning.isFinished)
        #expect(welcome.workflowTree() == """
            Has account (S)
            Y- Sign in (A) !
            N- Sign up (A)
            | Sign in (A) ! *
            """)
    }

    /// What the workflow decides on and what its actions record.
    struct Onboarding: Sendable {
        var hasAccount = false
        var acceptsSignup = false
        var plan = ""
        var log: [String] = []
    }

    /// What asynchronous steps send back when their callback resumes them.
    enum Resume: StatechartEvent {
        case answered(Bool), downloaded, synced
        enum Name: Hashable, Sendable { case answered, downloaded, synced }
        var name: Name {
            switch self {
            case .answered: .answered
            case .downloaded: .downloaded
            case .synced: .synced
            }
        }
    }

    /// Simple conditions are states with two eventless exits: the guarded one (success), then the
    /// other (failure). Actions are entry actions followed by one eventless exit.
    static func makeOnboarding() throws -> Statechart<String, Resume, Onboarding> {
        try Statechart {
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

    @Test("a simple condition chooses its success or failure exit; actions run; final states end it")
    func simpleCondition() throws {
        let chart = try Self.makeOnboarding()
        let known = chart.start(context: Onboarding(hasAccount: true))
        #expect(known.isFinished)
        #expect(known.context.log == ["profile loaded", "home"])

        let refusing = chart.start(context: Onboarding(hasAccount: false, acceptsSignup: false))
        #expect(refusing.context.log == ["signup refused", "home"])

        let joining = chart.start(context: Onboarding(hasAccount: false, acceptsSignup: true))
        #expect(joining.context.log == ["welcome"])
    }

    @Test("the workflow prints as STWorkflow's tree: a letter per kind, ! for final, * for already printed")
    func tree() throws {
        #expect(try Self.makeOnboarding().workflowTree() == """
            Has account (S)
            Y- Load profile (A)
            | Home (A) !
            N- Offer signup (S)
            | Y- Welcome (A) !
            | N- Log refusal (A)
            | | Home (A) ! *
            """)

        let retrying = try Statechart<String, Resume, Onboarding> {
            State("Fetch") { Always(to: "Check") }
            State("Check") {
                Always(to: "Done", guard: Guard("fetched") { !$0.log.isEmpty })
                Always(to: "Fetch")
            }
            Final("Done")
        }
        #expect(retrying.workflowTree() == """
            Fetch (A)
            Check (S)
            Y- Done (A) !
            N- Fetch (A) *
            """)
    }

    @Test("a long workflow prints without deep recursion")
    func longWorkflow() throws {
        let steps = 3_000
        let chart = try Statechart<Int, Resume, Onboarding> {
            for step in 0..<steps {
                State(step) { Always(to: step + 1) }
            }
            Final(steps)
        }
        let lines = chart.workflowTree { "Step \($0)" }.split(separator: "\n")
        #expect(lines.count == steps + 1)
        #expect(lines.first == "Step 0 (A)")
        #expect(lines.last == "Step 3000 (A) !")
        #expect(chart.start(context: Onboarding()).isFinished)
    }

    static func makePlanChoice() throws -> Statechart<String, Resume, Onboarding> {
        try Statechart {
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

    @Test("a multiple condition takes the exit of its key")
    func multipleCondition() throws {
        let chart = try Self.makePlanChoice()
        #expect(chart.start(context: Onboarding(plan: "pro")).activeLeaves == ["Pro plan"])
        #expect(chart.start(context: Onboarding(plan: "team")).activeLeaves == ["Team plan"])
        #expect(chart.start(context: Onboarding(plan: "gold")).activeLeaves == ["Ask again"])
        #expect(chart.workflowTree() == """
            Pick plan (M)
            free- Free plan (A) !
            pro- Pro plan (A) !
            team- Team plan (A) !
            else- Ask again (A) !
            """)
    }

    /// A service with callback APIs, as STWorkflow's asynchronous states call.
    struct Server: Sendable {
        func download(then resume: @escaping @Sendable () -> Void) { Task { resume() } }
        func syncAccount(then resume: @escaping @Sendable () -> Void) { Task { resume() } }
        func isReachable(then resume: @escaping @Sendable (Bool) -> Void) { Task { resume(true) } }
    }

    /// A dispatch is a parallel state whose regions end in final states; `OnDone` continues once
    /// all did. Asynchronous steps invoke work that resumes them with an event.
    static func makeStartup(server: Server) throws -> Statechart<String, Resume, Onboarding> {
        try Statechart {
            State("Reachable") {
                Invoke("ask the server", work: { _ in
                    await withCheckedContinuation { continuation in
                        server.isReachable { continuation.resume(returning: .answered($0)) }
                    }
                })
                On(.answered, to: "Prepare", guard: Guard("yes") { _, event in
                    if case .answered(true)? = event { true } else { false }
                })
                On(.answered, to: "Offline")
            }
            Parallel("Prepare") {
                State("Assets") {
                    State("Download assets") {
                        Invoke("download", work: { _ in
                            await withCheckedContinuation { continuation in
                                server.download { continuation.resume(returning: .downloaded) }
                            }
                        })
                        On(.downloaded, to: "Assets ready") { $0.log.append("assets") }
                    }
                    Final("Assets ready")
                }
                State("Account") {
                    State("Sync account") {
                        Invoke("sync", work: { _ in
                            await withCheckedContinuation { continuation in
                                server.syncAccount { continuation.resume(returning: .synced) }
                            }
                        })
                        On(.synced, to: "Account ready") { $0.log.append("account") }
                    }
                    Final("Account ready")
                }
                OnDone(to: "Start app")
            }
            Final("Start app") { OnEntry { $0.log.append("started") } }
            Final("Offline")
        }
    }

    @Test("a dispatch continues when every branch reached its final state")
    func dispatch() async throws {
        var startup = try Self.makeStartup(server: Server()).start(context: Onboarding())
        #expect(startup.activeLeaves == ["Reachable"])
        guard case .start(let ask, _, _)? = startup.takeInvocationRequests().first else {
            Issue.record("the condition's work did not start")
            return
        }
        startup.deliverInvocationResult(.answered(true), token: ask)
        #expect(startup.activeLeaves == ["Download assets", "Sync account"])

        let branches = startup.takeInvocationRequests().compactMap { request -> InvocationToken? in
            if case .start(let token, _, _) = request { token } else { nil }
        }
        #expect(branches.count == 2)
        startup.deliverInvocationResult(.synced, token: branches[1])
        #expect(startup.activeLeaves == ["Download assets", "Account ready"])
        #expect(!startup.isFinished)
        startup.deliverInvocationResult(.downloaded, token: branches[0])
        #expect(startup.isFinished)
        #expect(startup.context.log == ["account", "assets", "started"])
    }

    @Test("asynchronous steps resume from their callbacks when run live")
    func live() async throws {
        let runner = StatechartRunner(chart: try Self.makeStartup(server: Server()), context: Onboarding(), clock: ContinuousClock())
        #expect(await eventually { await runner.isFinished })
        #expect(await runner.instance.activeLeaves == ["Start app"])
        #expect(await runner.instance.context.log.sorted() == ["account", "assets", "started"])
    }

    @Test("the dispatch prints its branches under it, then what follows")
    func dispatchTree() throws {
        #expect(try Self.makeStartup(server: Server()).workflowTree() == """
            Reachable (S)
            Y- Prepare (D)
            | +- Download assets (A)
            | | Assets ready (A) !
            | +- Sync account (A)
            | | Account ready (A) !
            | Start app (A) !
            N- Offline (A) !
            """)
    }

    @Test("the guide shows this file's code")
    func guide() {
        #expect(guideLinesMissing(from: "coming-from-stworkflow.md") == [])
    }
}
