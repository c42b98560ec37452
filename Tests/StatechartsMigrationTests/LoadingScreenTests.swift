import Statecharts
import StatechartsObservation
import Testing

@Suite("Coming from the loading-screen article: states with data, entry actions, an asynchronous load")
struct LoadingScreenTests {
    @Test("the guide's first sample, paste-ready: the load's result picks the state")
    func firstSample() throws {
        enum ListScreen: Hashable, Sendable { case loading, showingData, empty, error }

        enum Fetch: StatechartEvent {
            case loaded([String]), failed, reload
            enum Name: Hashable, Sendable { case loaded, failed, reload }
            var name: Name {
                switch self { case .loaded: .loaded; case .failed: .failed; case .reload: .reload }
            }
        }

        // showingData([Item]) becomes the state .showingData, with the rows in the context
        let list = try Statechart<ListScreen, Fetch, [String]> {
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

        var screen = list.start(context: [])
        screen.send(.loaded(["first", "second"]))       // what the load's completion handler sends
        let shown = screen.activeLeaves                 // [.showingData]
        let rows = screen.context                       // ["first", "second"]
        screen.send(.reload)
        screen.send(.failed)
        let afterFailure = screen.activeLeaves          // [.error]

        #expect(shown == [.showingData])
        #expect(rows == ["first", "second"])
        #expect(afterFailure == [.error])
        #expect(screen.context == ["first", "second"])
    }

    struct Item: Hashable, Sendable { let title: String }

    /// The service the screen loads from, with a completion handler as in the article.
    protocol ItemService: Sendable {
        func loadItems(completion: @escaping @Sendable (Result<[Item], any Error>) -> Void)
    }

    struct LoadFailure: Error, CustomStringConvertible { var description: String { "the network is down" } }

    /// A service answering with the next prepared result, later, from another task.
    final class PreparedService: ItemService {
        private let results: Locked<[Result<[Item], any Error>]>
        init(_ results: [Result<[Item], any Error>]) { self.results = Locked(results) }

        func loadItems(completion: @escaping @Sendable (Result<[Item], any Error>) -> Void) {
            let next = results.withLock { $0.isEmpty ? .success([]) : $0.removeFirst() }
            Task { completion(next) }
        }
    }

    /// The screen's states: what it is doing. The data a state shows lives in the view.
    enum Screen: Hashable, Sendable { case loading, showingData, empty, error }

    /// What happens to the screen.
    enum Load: StatechartEvent {
        case loaded([Item]), failed(any Error), reload
        enum Name: Hashable, Sendable { case loaded, failed, reload }
        var name: Name {
            switch self {
            case .loaded: .loaded
            case .failed: .failed
            case .reload: .reload
            }
        }
    }

    /// The view controller's outlets, as values the entry actions set.
    struct ScreenView: Sendable, Equatable {
        var spinnerVisible = false
        var tableVisible = false
        var emptyLabelVisible = false
        var errorLabelVisible = false
        var errorText = ""
        var rows: [Item] = []

        /// What every state does first: hide everything.
        mutating func hideAll() { self = ScreenView(rows: rows) }
    }

    static func makeChart(service: some ItemService) throws -> Statechart<Screen, Load, ScreenView> {
        try Statechart {
            State(.loading) {
                OnEntry("show the spinner") { view in
                    view.hideAll()
                    view.spinnerVisible = true
                }
                Invoke("load items", work: { _ in
                    let items = try await withCheckedThrowingContinuation { continuation in
                        service.loadItems { continuation.resume(with: $0) }
                    }
                    return .loaded(items)
                }, failure: { .failed($0) })
                On(.loaded, to: .empty, guard: Guard("no items") { _, event in
                    if case .loaded(let items)? = event { items.isEmpty } else { false }
                })
                On(.loaded, to: .showingData)
                On(.failed, to: .error)
            }
            State(.showingData) {
                OnEntry("show the table") { view, event in
                    view.hideAll()
                    if case .loaded(let items)? = event { view.rows = items }
                    view.tableVisible = true
                }
                On(.reload, to: .loading)
            }
            State(.empty) {
                OnEntry("show the empty label") { view in
                    view.hideAll()
                    view.emptyLabelVisible = true
                }
                On(.reload, to: .loading)
            }
            State(.error) {
                OnEntry("show the error") { view, event in
                    view.hideAll()
                    if case .failed(let error)? = event { view.errorText = "\(error)" }
                    view.errorLabelVisible = true
                }
                On(.reload, to: .loading)
            }
        }
    }

    /// The article's enum with associated values, read back from the chart and its view.
    enum ScreenState: Equatable {
        case loading, showingData([Item]), empty, error(String)

        init?(_ machine: StatechartInstance<Screen, Load, ScreenView>) {
            switch machine.activeLeaves.first {
            case .loading?: self = .loading
            case .showingData?: self = .showingData(machine.context.rows)
            case .empty?: self = .empty
            case .error?: self = .error(machine.context.errorText)
            case nil: return nil
            }
        }

        /// The same, read from an observable model as a view reads it: each state asked about
        /// and each context value read is tracked on its own.
        @MainActor
        init?(_ model: StatechartModel<Screen, Load, ScreenView>) {
            if model.isActive(.loading) {
                self = .loading
            } else if model.isActive(.showingData) {
                self = .showingData(model[context: \.rows])
            } else if model.isActive(.empty) {
                self = .empty
            } else if model.isActive(.error) {
                self = .error(model[context: \.errorText])
            } else {
                return nil
            }
        }
    }

    /// Runs the work the instance asks for and sends its result back, as a runner would.
    static func runInvocations(_ machine: inout StatechartInstance<Screen, Load, ScreenView>) async {
        for request in machine.takeInvocationRequests() {
            guard case .start(let token, let invocation, let context) = request else { continue }
            let event: Load?
            do { event = try await invocation.work(context) } catch { event = invocation.failure(error) }
            if let event { machine.deliverInvocationResult(event, token: token) }
        }
    }

    static let items = [Item(title: "first"), Item(title: "second")]

    @Test("entering loading shows the spinner and starts the load; its result chooses the state")
    func loadShowsData() async throws {
        var screen = try Self.makeChart(service: PreparedService([.success(Self.items)])).start(context: ScreenView())
        #expect(ScreenState(screen) == .loading)
        #expect(screen.context == ScreenView(spinnerVisible: true))

        await Self.runInvocations(&screen)

        #expect(ScreenState(screen) == .showingData(Self.items))
        #expect(screen.context == ScreenView(tableVisible: true, rows: Self.items))
    }

    @Test("no items shows the empty label; a failure shows the error; reload loads again")
    func emptyAndError() async throws {
        let service = PreparedService([.success([]), .failure(LoadFailure()), .success(Self.items)])
        var screen = try Self.makeChart(service: service).start(context: ScreenView())

        await Self.runInvocations(&screen)
        #expect(ScreenState(screen) == .empty)
        #expect(screen.context == ScreenView(emptyLabelVisible: true))

        screen.send(.reload)
        #expect(screen.context.spinnerVisible)
        await Self.runInvocations(&screen)
        #expect(ScreenState(screen) == .error("the network is down"))
        #expect(screen.context == ScreenView(errorLabelVisible: true, errorText: "the network is down"))

        screen.send(.reload)
        await Self.runInvocations(&screen)
        #expect(ScreenState(screen) == .showingData(Self.items))
    }

    @Test("a runner runs the load as a task and sends its result back")
    func runner() async throws {
        let chart = try Self.makeChart(service: PreparedService([.success(Self.items), .failure(LoadFailure())]))
        let runner = StatechartRunner(chart: chart, context: ScreenView(), clock: ContinuousClock())

        #expect(await eventually { await runner.isActive(.showingData) })
        #expect(await runner.instance.context.rows == Self.items)

        await runner.send(.reload)
        #expect(await eventually { await runner.isActive(.error) })
        #expect(await runner.instance.context.errorText == "the network is down")
    }

    @MainActor
    @Test("the screen as an observable model: the load runs as a task, the view reads what it shows")
    func observableModel() async throws {
        let chart = try Self.makeChart(service: PreparedService([.success(Self.items), .failure(LoadFailure())]))
        let model = StatechartModel(chart: chart, context: ScreenView())
        #expect(ScreenState(model) == .loading)
        #expect(model[context: \.spinnerVisible])

        #expect(await eventually { await model.isActive(.showingData) })
        #expect(ScreenState(model) == .showingData(Self.items))

        model.send(.reload)
        #expect(await eventually { await model.isActive(.error) })
        #expect(ScreenState(model) == .error("the network is down"))
        #expect(model.can(.reload))
    }

    @Test("the guide shows this file's code")
    func guide() {
        #expect(guideLinesMissing(from: "coming-from-loading-screen-article.md") == [])
    }
}

#if canImport(SwiftUI)
import SwiftUI

extension LoadingScreenTests {
    /// The screen in SwiftUI (compiled where SwiftUI exists; its reads are those of
    /// `ScreenState.init(_: StatechartModel)`, which the tests run everywhere).
    struct ItemsScreen: View {
        @State var model: StatechartModel<Screen, Load, ScreenView>

        var body: some View {
            VStack {
                if model.isActive(.loading) { ProgressView() }
                if model.isActive(.showingData) {
                    List(model[context: \.rows], id: \.title) { item in Text(item.title) }
                }
                if model.isActive(.empty) { Text("No items") }
                if model.isActive(.error) { Text(model[context: \.errorText]) }
                Button("Reload") { model.send(.reload) }
                    .disabled(!model.can(.reload))
            }
        }
    }
}
#endif
