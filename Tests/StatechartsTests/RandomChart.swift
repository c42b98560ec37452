import Statecharts

// Random valid charts for the property test: a plain model of the chart (read by the reference
// interpreter), a seeded generator, and the lowering of the model to a `StatechartDefinition`.

/// SplitMix64: a small, fast, seeded generator, so that every failure names a seed that replays it.
struct SplitMix64 {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<n`.
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }

    /// True with the given probability in percent.
    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

    mutating func pick<T>(_ values: [T]) -> T { values[below(values.count)] }
}

/// The events of random charts. `CaseIterable` and one byte, so the compiled chart resolves them
/// through its tag table.
enum PEvent: String, StatechartEvent, Hashable, CaseIterable {
    case a, b, c, d
}

/// The context of random charts: the log every action appends to, a counter that guards read,
/// and fuel that eventless, done and any-event transitions (and raises and sends) consume, so that
/// every macrostep settles.
struct PContext: Sendable, Equatable {
    var log: [String] = []
    var counter = 0
    var fuel = 0
}

/// Which of the library's closure forms an action or a guard is lowered to: each form takes its
/// own way through the runtime (a context-only action may be run without the event, one without
/// the outbox lets the direct, region and joint routes take its transition, a guard with the
/// outbox keeps them off).
enum CodeForm: Sendable, Equatable, CaseIterable {
    /// `(inout Context)` for an action, `(Context) -> Bool` for a guard.
    case context
    /// `(inout Context, Event?)`, `(Context, Event?) -> Bool`.
    case contextEvent
    /// `(inout Context, Event?, inout Outbox)`, `(Context, Event?, inout Outbox) -> Bool`.
    case outbox

    /// The forms drawn for a chart's code: half of them context only, as most real actions and
    /// guards are (and as the direct, context-only and guarded steps need), the rest split.
    static let weighted: [CodeForm] = [.context, .context, .contextEvent, .outbox]
}

/// What an action does. The chart's closures and the reference interpreter both call `perform`.
struct ActionSpec: Sendable {
    var label: String
    var usesFuel = false
    var raise: PEvent?
    var send: PEvent?
    /// The closure form; only `.outbox` may raise or send.
    var form: CodeForm = .outbox

    /// Logs `label[event]` (`label[-]` for a context-only action, which does not see the event),
    /// counts, spends fuel, and returns the events to raise and send.
    func perform(_ context: inout PContext, event: String) -> (raise: PEvent?, send: PEvent?) {
        context.log.append("\(label)[\(form == .context ? "-" : event)]")
        context.counter &+= 1
        if usesFuel { context.fuel -= 1 }
        var raised: PEvent?
        var sent: PEvent?
        if let raise, context.fuel > 0 {
            context.fuel -= 1
            raised = raise
        }
        if let send, context.fuel > 0 {
            context.fuel -= 1
            sent = send
        }
        return (raised, sent)
    }
}

/// A guard on the context: fuel left (when required) and the counter not at a given residue; a
/// guard that sees the event may also refuse one event.
struct GuardSpec: Sendable {
    var needsFuel: Bool
    /// 0: no condition on the counter.
    var modulus: Int
    var residue: Int
    /// The closure form (a guard with the outbox raises nothing here: it only takes the form).
    var form: CodeForm = .context
    /// An event the guard refuses (`rawValue` of the event it sees); only for forms that see it.
    var refuses: PEvent?

    /// `event` is the event as actions log it (`ChartBuilder.describe`, or "nil").
    func holds(_ context: PContext, event: String) -> Bool {
        (!needsFuel || context.fuel > 0) && (modulus == 0 || context.counter % modulus != residue)
            && (form == .context || refuses.map { $0.rawValue != event } ?? true)
    }
}

enum ModelKind: Sendable, Equatable {
    case atomic, compound, parallel, final, shallowHistory, deepHistory

    var isHistory: Bool { self == .shallowHistory || self == .deepHistory }
}

struct ModelTransition: Sendable {
    enum Trigger: Sendable {
        case events([PEvent]), any, eventless, done(Int)
    }

    var trigger: Trigger
    var targets: [Int]
    var isInternal: Bool
    var guardSpec: GuardSpec?
    var whenIn: Int?
    var action: ActionSpec
}

struct ModelNode: Sendable {
    var kind: ModelKind
    var parent: Int
    var children: [Int] = []
    /// An explicit initial target (compound states and the root); nil: the first child.
    var initial: [Int]?
    var initialAction: ActionSpec?
    /// A history state's default targets and action.
    var historyDefault: [Int] = []
    var historyAction: ActionSpec?
    var transitions: [ModelTransition] = []
    var entry: ActionSpec?
    var exit: ActionSpec?
}

/// A chart as plain data. States are numbered in document order (pre-order), the root is 0, so
/// that a state's number is also its id in the compiled chart and its place in `configuration`.
struct Model: Sendable {
    var nodes: [ModelNode]

    var indices: Range<Int> { nodes.indices }

    func isDescendant(_ a: Int, of b: Int) -> Bool {
        var p = nodes[a].parent
        while p >= 0 {
            if p == b { return true }
            p = nodes[p].parent
        }
        return false
    }

    /// The same chart with actions that neither raise nor send, so that they can be lowered
    /// without the outbox (`ChartBuilder.outboxActions = false`) and the fast routes that need
    /// such actions (direct entries, region bits, joint steps) take its transitions.
    var withoutRaisingOrSending: Model {
        func quiet(_ spec: ActionSpec?) -> ActionSpec? {
            spec.map { ActionSpec(label: $0.label, usesFuel: $0.usesFuel, raise: nil, send: nil,
                                  form: $0.form == .outbox ? .contextEvent : $0.form) }
        }
        var model = self
        for i in model.nodes.indices {
            model.nodes[i].initialAction = quiet(model.nodes[i].initialAction)
            model.nodes[i].historyAction = quiet(model.nodes[i].historyAction)
            model.nodes[i].entry = quiet(model.nodes[i].entry)
            model.nodes[i].exit = quiet(model.nodes[i].exit)
            for t in model.nodes[i].transitions.indices {
                model.nodes[i].transitions[t].action = quiet(model.nodes[i].transitions[t].action) ?? model.nodes[i].transitions[t].action
            }
        }
        return model
    }

    /// A readable dump, for failure messages.
    var dump: String {
        var lines: [String] = []
        func describe(_ t: ModelTransition) -> String {
            var text: String
            switch t.trigger {
            case .events(let names): text = names.map(\.rawValue).joined(separator: ",")
            case .any: text = "*"
            case .eventless: text = "always"
            case .done(let s): text = "done(\(s))"
            }
            text += " -> \(t.targets)"
            if t.isInternal { text += " internal" }
            if let g = t.guardSpec {
                text += " guard(fuel:\(g.needsFuel) %\(g.modulus)!=\(g.residue)\(g.refuses.map { " !\($0)" } ?? "") \(g.form))"
            }
            if let w = t.whenIn { text += " in(\(w))" }
            if let r = t.action.raise { text += " raise \(r)" }
            if let s = t.action.send { text += " send \(s)" }
            return text + " [\(t.action.label) \(t.action.form)]"
        }
        func visit(_ s: Int, _ indent: String) {
            let node = nodes[s]
            var line = "\(indent)\(s) \(node.kind)"
            if let initial = node.initial { line += " initial \(initial)" }
            if node.initialAction != nil { line += " +init action" }
            if node.kind.isHistory { line += " default \(node.historyDefault)\(node.historyAction == nil ? "" : " +action")" }
            if let r = node.entry?.raise { line += " entry raises \(r)" }
            if let r = node.exit?.raise { line += " exit raises \(r)" }
            lines.append(line)
            for t in node.transitions { lines.append("\(indent)  · \(describe(t))") }
            for c in node.children { visit(c, indent + "    ") }
        }
        visit(0, "")
        return lines.joined(separator: "\n")
    }
}

/// Generates random valid charts: nested compound and parallel states, final states, shallow and
/// deep history, explicit initial states, and transitions of every kind with random targets.
struct ChartGenerator {
    var rng: SplitMix64
    /// The closure forms come from a generator of their own, so that a seed's chart has the same
    /// states and transitions whatever forms its code takes.
    var forms: SplitMix64
    var nodes: [ModelNode] = []
    var transitionCount = 0
    let maxStates: Int
    /// Charts without eventless transitions take the runtime's region-local fast path in
    /// parallel configurations: a third of the charts, and every regional one, have none.
    var eventless = true
    /// A fifth of the charts are one parallel state whose regions have mostly local transitions
    /// on events, so that several regions often take transitions of their own together.
    var regional = false
    /// Parallel states whose regions can all complete.
    var completableParallels: Set<Int> = []
    /// One chart in twelve is a regional one made wide: four regions of five to seven leaves,
    /// too many configurations for joint tables (a few hundred at most), so that the regions
    /// route (its bits and its plans) takes the events. Decided by a generator of its own, so
    /// that every other seed's chart is what it was before wide charts existed.
    var wide = false

    init(seed: UInt64, maxStates: Int = 18) {
        rng = SplitMix64(seed: seed)
        forms = SplitMix64(seed: seed ^ 0x5DEE_CE66_D1CE_4E5B)
        var shapes = SplitMix64(seed: seed ^ 0x3C6E_F372_FE94_F82B)
        wide = shapes.chance(8)
        self.maxStates = maxStates
    }

    mutating func generate() -> Model {
        nodes = [ModelNode(kind: .compound, parent: -1)]
        eventless = !rng.chance(33)
        regional = rng.chance(20) || wide
        if regional { eventless = false }
        let topLevel = regional ? 1 : 1 + rng.below(3)
        for i in 0..<topLevel {
            addState(parent: 0, depth: 1, finalAllowed: i > 0 && rng.chance(15))
        }
        // Sometimes a top-level final state, which finishes the chart.
        if rng.chance(12) { addState(parent: 0, depth: 1, finalAllowed: true, forceFinal: true) }
        for s in nodes.indices { decorate(s) }
        for s in nodes.indices { addTransitions(s) }
        return Model(nodes: nodes)
    }

    /// Adds a state and, in pre-order, its descendants. `completable`: a compound state with a
    /// final child (a region of a parallel state that can complete).
    mutating func addState(parent: Int, depth: Int, finalAllowed: Bool, forceFinal: Bool = false, completable: Bool = false) {
        let index = nodes.count
        let roomLeft = nodes.count < maxStates && depth < 4
        var kind: ModelKind
        let roll = rng.below(100)
        if forceFinal {
            kind = .final
        } else if completable {
            kind = .compound
        } else if regional && depth <= 2 {
            kind = depth == 1 ? .parallel : .compound
        } else if wide {
            kind = finalAllowed && roll < 10 ? .final : .atomic
        } else if regional {
            kind = roomLeft && roll < 25 ? .compound : finalAllowed && roll < 30 ? .final : .atomic
        } else if finalAllowed && roll < 12 {
            kind = .final
        } else if roomLeft && roll < 45 {
            kind = .compound
        } else if roomLeft && roll < 62 {
            kind = .parallel
        } else {
            kind = .atomic
        }
        nodes.append(ModelNode(kind: kind, parent: parent))
        nodes[parent].children.append(index)
        switch kind {
        case .compound:
            let count = completable ? 1 + rng.below(2) : wide ? 5 + rng.below(3) : regional ? 2 + rng.below(2) : 1 + rng.below(3)
            let historyAt = rng.chance(regional ? 8 : 40) ? rng.below(count + 1) : -1
            let finalAt = completable ? 1 + rng.below(count) : -1
            for i in 0...count {
                if i == historyAt { addHistory(parent: index) }
                if i == finalAt { addState(parent: index, depth: depth + 1, finalAllowed: true, forceFinal: true) }
                if i < count { addState(parent: index, depth: depth + 1, finalAllowed: rng.chance(35)) }
            }
        case .parallel:
            let count = wide ? 4 : 2 + rng.below(2)
            let historyAt = rng.chance(30) ? rng.below(count + 1) : -1
            // Regions that can all complete, so that the parallel state can be done.
            let completable = rng.chance(50)
            if completable { completableParallels.insert(index) }
            for i in 0...count {
                if i == historyAt { addHistory(parent: index) }
                if i < count { addState(parent: index, depth: depth + 1, finalAllowed: false, completable: completable) }
            }
        default:
            break
        }
    }

    mutating func addHistory(parent: Int) {
        let index = nodes.count
        nodes.append(ModelNode(kind: rng.chance(50) ? .shallowHistory : .deepHistory, parent: parent))
        nodes[parent].children.append(index)
    }

    func properDescendants(of s: Int, includingHistory: Bool = false) -> [Int] {
        nodes.indices.filter { d in
            d != s && (includingHistory || !nodes[d].kind.isHistory) && Model(nodes: nodes).isDescendant(d, of: s)
        }
    }

    mutating func randomEvent() -> PEvent { rng.pick(PEvent.allCases) }

    /// An action of a random form (the outbox one when it raises or sends).
    mutating func action(_ label: String, usesFuel: Bool = false, raise: PEvent? = nil, send: PEvent? = nil) -> ActionSpec {
        ActionSpec(label: label, usesFuel: usesFuel, raise: raise, send: send,
                   form: raise != nil || send != nil ? .outbox : forms.pick(CodeForm.weighted))
    }

    /// Entry and exit actions, initial transitions and history defaults.
    mutating func decorate(_ s: Int) {
        let kind = nodes[s].kind
        if s > 0 && !kind.isHistory {
            let raise = rng.chance(10) ? randomEvent() : nil
            nodes[s].entry = action("+\(s)", raise: raise, send: rng.chance(4) ? randomEvent() : nil)
            nodes[s].exit = action("-\(s)", raise: rng.chance(6) ? randomEvent() : nil)
            // Some states have no entry or no exit action (decided by `forms`, so the structure
            // is the seed's), so that some plans are one action or none: the shapes the direct
            // and guarded steps call without a loop.
            if forms.chance(30) { nodes[s].entry = nil }
            if forms.chance(30) { nodes[s].exit = nil }
        }
        if kind == .compound {
            if rng.chance(40) {
                // Any descendant, a history state included (entering `s` by default then restores it).
                nodes[s].initial = [rng.pick(properDescendants(of: s, includingHistory: rng.chance(40)))]
            }
            if rng.chance(30) {
                nodes[s].initialAction = action("i\(s)", raise: rng.chance(15) ? randomEvent() : nil)
                if nodes[s].initial == nil {
                    nodes[s].initial = [nodes[s].children.first { !nodes[$0].kind.isHistory } ?? s]
                }
            }
        }
        if kind.isHistory {
            nodes[s].historyDefault = [rng.pick(properDescendants(of: nodes[s].parent))]
            if rng.chance(40) { nodes[s].historyAction = action("h\(s)") }
        }
    }

    /// A random set of targets: none, one state of any kind (history included), or one state in
    /// each of two regions of a parallel state.
    mutating func randomTargets(from source: Int) -> [Int] {
        let roll = rng.below(100)
        if roll < 18 { return [] }
        // A final state completing the source's parent or an ancestor's, as charts usually do.
        let model = Model(nodes: nodes)
        let completing = nodes.indices.filter { f in
            nodes[f].kind == .final && nodes[f].parent > 0
                && (nodes[f].parent == nodes[source].parent || model.isDescendant(source, of: nodes[f].parent))
        }
        if roll < 28, !completing.isEmpty { return [rng.pick(completing)] }
        let histories = nodes.indices.filter { nodes[$0].kind.isHistory }
        if roll < 38, !histories.isEmpty { return [rng.pick(histories)] }
        let finishing = nodes[0].children.filter { nodes[$0].kind == .final }
        if roll < 42, !finishing.isEmpty { return [rng.pick(finishing)] }
        // Most transitions of real charts stay near their source: a state in its parent's subtree.
        if roll < (regional ? 90 : 70), nodes[source].parent > 0 {
            let parent = nodes[source].parent
            return [rng.pick(properDescendants(of: parent).filter { nodes[$0].kind != .final || rng.chance(30) } + [source])]
        }
        let parallels = nodes.indices.filter { nodes[$0].kind == .parallel }
        if roll >= 90, !parallels.isEmpty {
            let p = rng.pick(parallels)
            let regions = nodes[p].children.filter { !nodes[$0].kind.isHistory }
            let first = rng.below(regions.count)
            var second = rng.below(regions.count - 1)
            if second >= first { second += 1 }
            return [first, second].sorted().map { region in
                rng.pick([regions[region]] + properDescendants(of: regions[region], includingHistory: true))
            }
        }
        return [1 + rng.below(nodes.count - 1)]
    }

    mutating func addTransitions(_ s: Int) {
        guard s > 0, !nodes[s].kind.isHistory, nodes[s].kind != .final else { return }
        let count = [0, 0, 1, 1, 1, 2, 2, 3][rng.below(8)]
        let completing = nodes.indices.filter { $0 > 0 && (nodes[$0].kind == .compound || nodes[$0].kind == .parallel) }
        // A parallel state whose regions can complete mostly reacts to its own completion.
        let reactsToCompletion = completableParallels.contains(s) && rng.chance(60)
        for i in 0..<(reactsToCompletion ? count + 1 : count) {
            var trigger: ModelTransition.Trigger
            let roll = rng.below(100)
            if reactsToCompletion && i == 0 {
                trigger = .done(s)
            } else if roll < (regional ? 85 : 58) {
                let first = randomEvent()
                let second = randomEvent()
                trigger = .events(rng.chance(20) && second != first ? [first, second] : [first])
            } else if roll < 74 && eventless {
                trigger = .eventless
            } else if roll < 88, !completing.isEmpty {
                // Mostly the completion of the state itself or of an ancestor, as charts use it.
                let own = completing.filter { $0 == s || Model(nodes: nodes).isDescendant(s, of: $0) }
                trigger = .done(rng.pick(own.isEmpty || rng.chance(25) ? completing : own))
            } else {
                trigger = .any
            }
            var needsFuel = true
            if case .events = trigger { needsFuel = false }
            var guardSpec: GuardSpec?
            if needsFuel || rng.chance(30) {
                let modulus = rng.chance(40) ? 2 + rng.below(3) : 0
                guardSpec = GuardSpec(needsFuel: needsFuel, modulus: modulus, residue: modulus == 0 ? 0 : rng.below(modulus))
                guardSpec?.form = forms.pick(CodeForm.weighted)
                if guardSpec?.form != .context && forms.chance(50) { guardSpec?.refuses = forms.pick(PEvent.allCases) }
            }
            let whenIn = rng.chance(10) ? 1 + rng.below(nodes.count - 1) : nil
            let whenInState = whenIn.flatMap { nodes[$0].kind.isHistory ? nil : $0 }
            let raise = rng.chance(15) ? randomEvent() : nil
            let action = action("t\(transitionCount)", usesFuel: needsFuel, raise: raise, send: rng.chance(8) ? randomEvent() : nil)
            transitionCount += 1
            nodes[s].transitions.append(ModelTransition(
                trigger: trigger, targets: randomTargets(from: s), isInternal: rng.chance(30),
                guardSpec: guardSpec, whenIn: whenInState, action: action))
        }
    }
}

/// Lowers a model to a definition with events of type `E`.
struct ChartBuilder<E: StatechartEvent> {
    let model: Model
    let makeEvent: @Sendable (PEvent) -> E
    let eventName: (PEvent) -> E.Name
    /// How actions write the event in the log (cheaper than `String(describing:)`).
    let describe: @Sendable (E) -> String
    /// `false`: actions of the outbox form take the `(inout Context, Event?)` form instead, which
    /// cannot reach the outbox (so the direct and region paths can take their transitions);
    /// specs must then neither raise nor send.
    var outboxActions = true

    func action(_ spec: ActionSpec) -> Action<E, PContext> {
        let make = makeEvent
        let describe = describe
        switch spec.form {
        case .context:
            return Action(spec.label) { (context: inout PContext) in _ = spec.perform(&context, event: "-") }
        case .outbox where outboxActions:
            return Action(spec.label) { context, event, outbox in
                let (raised, sent) = spec.perform(&context, event: event.map(describe) ?? "nil")
                if let raised { outbox.raise(make(raised)) }
                if let sent { outbox.send(make(sent)) }
            }
        case .contextEvent, .outbox:
            precondition(spec.raise == nil && spec.send == nil, "an action without the outbox cannot raise or send")
            return Action(spec.label) { (context: inout PContext, event: E?) in
                _ = spec.perform(&context, event: event.map(describe) ?? "nil")
            }
        }
    }

    func guardCondition(_ spec: GuardSpec) -> Guard<E, PContext> {
        let describe = describe
        switch spec.form {
        case .context:
            return Guard("guard") { (context: PContext) in spec.holds(context, event: "-") }
        case .contextEvent:
            return Guard("guard") { (context: PContext, event: E?) in spec.holds(context, event: event.map(describe) ?? "nil") }
        case .outbox:
            return Guard("guard") { (context: PContext, event: E?, _: inout Outbox<E>) in
                spec.holds(context, event: event.map(describe) ?? "nil")
            }
        }
    }

    func state(_ s: Int) -> StateDefinition<Int, E, PContext> {
        let node = model.nodes[s]
        let kind: StateDefinitionKind
        switch node.kind {
        case .atomic, .compound: kind = .state
        case .parallel: kind = .parallel
        case .final: kind = .final
        case .shallowHistory: kind = .history(.shallow)
        case .deepHistory: kind = .history(.deep)
        }
        var transitions: [TransitionDefinition<Int, E, PContext>] = []
        if node.kind.isHistory {
            transitions = [TransitionDefinition(trigger: .eventless, targets: node.historyDefault,
                                                actions: node.historyAction.map { [action($0)] } ?? [])]
        }
        for t in node.transitions {
            let trigger: Trigger<Int, E.Name>
            switch t.trigger {
            case .events(let names): trigger = .events(names.map(eventName))
            case .any: trigger = .anyEvent
            case .eventless: trigger = .eventless
            case .done(let state): trigger = .done(state)
            }
            let guardCondition = t.guardSpec.map(guardCondition)
            transitions.append(TransitionDefinition(
                trigger: trigger, targets: t.targets, kind: t.isInternal ? .internal : .external,
                requiredActiveStates: t.whenIn.map { [$0] } ?? [], guard: guardCondition, actions: [action(t.action)]))
        }
        return StateDefinition(
            s, kind: kind,
            initial: node.initial.map { InitialTransition(targets: $0, actions: node.initialAction.map { [action($0)] } ?? []) },
            children: node.children.map(state),
            transitions: transitions,
            onEntry: node.entry.map { [action($0)] } ?? [],
            onExit: node.exit.map { [action($0)] } ?? [])
    }

    var definition: StatechartDefinition<Int, E, PContext> {
        let root = model.nodes[0]
        return StatechartDefinition(
            name: "random",
            initial: root.initial.map { InitialTransition(targets: $0, actions: root.initialAction.map { [action($0)] } ?? []) },
            states: root.children.map(state))
    }
}

extension ChartBuilder where E == PEvent {
    /// `model` without raises and sends, with enum events and no action of the outbox form: the
    /// charts the direct, region and joint routes take (the property tests' quiet batch).
    static func quiet(_ model: Model) -> Self {
        var builder = ChartBuilder(model: model.withoutRaisingOrSending, makeEvent: { $0 }, eventName: { $0 }, describe: { $0.rawValue })
        builder.outboxActions = false
        return builder
    }
}
