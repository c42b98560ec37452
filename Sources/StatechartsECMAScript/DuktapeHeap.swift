import CDuktape
import StatechartsSCXML

/// One Duktape heap and the operations the ECMAScript data model builds on. Every operation
/// leaves the value stack as it found it, apart from the documented pushes, and reports a
/// JavaScript error as ``SCXMLExecutionError`` (Duktape never unwinds through Swift: every call
/// that can throw runs inside a protected call made from C).
///
/// Each evaluation runs under ``ECMAScriptLimits``: a deadline that Duktape's interrupt counter
/// checks, and a cap that the heap's allocator enforces inside protected calls (see
/// `scxml_limits.c`).
///
/// The heap is used by one thread at a time (the one running its chart); separate heaps are
/// independent.
final class DuktapeHeap: @unchecked Sendable {
    let context: OpaquePointer
    private let userData: UnsafeMutablePointer<scxml_duk_udata>
    private let activeStates: SCXMLActiveStates
    private let limits: ECMAScriptLimits
    /// Whether an evaluation (and so its deadline) is under way.
    private var evaluating = false
    /// Compilation results by expression id: `nil` compiled and stashed, a message when it failed.
    private var compiled: [Int: String?] = [:]

    init(activeStates: SCXMLActiveStates, limits: ECMAScriptLimits) throws(SCXMLExecutionError) {
        self.activeStates = activeStates
        self.limits = limits
        userData = UnsafeMutablePointer<scxml_duk_udata>.allocate(capacity: 1)
        userData.initialize(to: scxml_duk_udata(
            in_state: { owner, id, length in
                guard let owner, let id else { return 0 }
                let states = Unmanaged<SCXMLActiveStates>.fromOpaque(owner).takeUnretainedValue()
                let name = id.withMemoryRebound(to: UInt8.self, capacity: Int(length)) {
                    CESU8.decode(UnsafeBufferPointer(start: $0, count: Int(length)))
                }
                return states.contains(name) ? 1 : 0
            },
            owner: Unmanaged.passUnretained(activeStates).toOpaque(),
            deadline: 0, timed_out: 0,
            heap_limit: limits.heapLimit, heap_used: 0, protected_depth: 0, alloc_refused: 0))
        guard let context = scxml_duk_create_heap(userData) else {
            userData.deallocate()
            throw SCXMLExecutionError("cannot create a Duktape heap (out of memory)")
        }
        self.context = context
        try installPrelude()
    }

    deinit {
        scxml_duk_destroy_heap(context)
        userData.deinitialize(count: 1)
        userData.deallocate()
    }

    private func installPrelude() throws(SCXMLExecutionError) {
        try balanced { () throws(SCXMLExecutionError) in
            try check(compile(DuktapePrelude.source, flags: scxml_duk_flag_eval() | scxml_duk_flag_strict()))
            try check(scxml_duk_call(context, 0))
            try check(scxml_duk_stash_items(context, DuktapeHelper.setGlobal.rawValue))
        }
        try balanced { () throws(SCXMLExecutionError) in try check(scxml_duk_register_in(context)) }
    }

    // MARK: Limits

    /// Runs one evaluation with a fresh time budget; one nested in it shares its deadline.
    func evaluation<T>(_ body: () throws(SCXMLExecutionError) -> T) throws(SCXMLExecutionError) -> T {
        if evaluating { return try body() }
        evaluating = true
        scxml_duk_begin_evaluation(userData, limits.executionNanoseconds)
        defer {
            scxml_duk_end_evaluation(userData)
            evaluating = false
        }
        return try body()
    }

    /// What went wrong when the evaluation under way failed on a limit, or `nil`.
    private var limitExceeded: String? {
        if userData.pointee.timed_out != 0 {
            return "the script ran longer than its \(limits.executionTimeDescription) budget"
        }
        if userData.pointee.alloc_refused != 0 {
            return "the script's heap exceeded its \(limits.heapDescription) limit"
        }
        return nil
    }

    // MARK: Stack

    /// Runs `body` and restores the value stack's height afterwards.
    func balanced<T>(_ body: () throws(SCXMLExecutionError) -> T) throws(SCXMLExecutionError) -> T {
        let top = scxml_duk_get_top(context)
        defer { scxml_duk_set_top(context, top) }
        guard scxml_duk_reserve(context, 32) != 0 else { throw SCXMLExecutionError("the ECMAScript value stack is full") }
        return try body()
    }

    /// Throws the error on top of the stack when `code` says a protected call failed.
    func check(_ code: duk_int_t) throws(SCXMLExecutionError) {
        guard code != DUK_EXEC_SUCCESS else { return }
        // On a limit, say which one rather than Duktape's generic RangeError (and do not run the
        // error's toString, which would time out too).
        throw SCXMLExecutionError(limitExceeded ?? topAsString())
    }

    /// The value on top, converted to a string without throwing.
    func topAsString() -> String {
        var length: duk_size_t = 0
        guard let pointer = scxml_duk_safe_to_lstring(context, -1, &length) else { return "unknown error" }
        return Self.string(pointer, length)
    }

    /// The string on top, or `nil` when it is not a string (undefined, say).
    func topString() -> String? {
        var length: duk_size_t = 0
        guard let pointer = scxml_duk_get_lstring(context, -1, &length) else { return nil }
        return Self.string(pointer, length)
    }

    static func string(_ pointer: UnsafePointer<CChar>, _ length: duk_size_t) -> String {
        pointer.withMemoryRebound(to: UInt8.self, capacity: Int(length)) {
            CESU8.decode(UnsafeBufferPointer(start: $0, count: Int(length)))
        }
    }

    func push(_ string: String) {
        let bytes = CESU8.encode(string)
        bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { scxml_duk_push_lstring(context, $0.baseAddress, duk_size_t($0.count)) }
        }
    }

    func push(_ string: String?) {
        if let string { push(string) } else { scxml_duk_push_undefined(context) }
    }

    /// Pushes a helper function of the prelude.
    func push(_ helper: DuktapeHelper) throws(SCXMLExecutionError) {
        try check(scxml_duk_stash_get(context, helper.rawValue))
    }

    /// Pushes a data value (through JSON; XML content as a DOM Document built from its tree).
    func push(_ value: SCXMLValue) throws(SCXMLExecutionError) {
        if case .xml(let document) = value {
            try push(.fromTree)
            push(DOMTree.json(of: document))
            try check(scxml_duk_call(context, 1))
            return
        }
        guard let json = value.json else {
            scxml_duk_push_undefined(context)
            return
        }
        try push(.decode)
        push(json)
        try check(scxml_duk_call(context, 1))
    }

    /// Calls the function below the `arguments` values on top; leaves its result.
    func call(_ arguments: Int32) throws(SCXMLExecutionError) {
        try check(scxml_duk_call(context, arguments))
    }

    /// Converts the value on top to a data value (through JSON; a DOM Document or Element to
    /// ``SCXMLValue/xml(_:)``); leaves the stack as it was.
    func topAsValue() throws(SCXMLExecutionError) -> SCXMLValue {
        try balanced { () throws(SCXMLExecutionError) in
            try push(.encode)
            scxml_duk_dup(context, -2)
            try call(1)
            guard let json = topString() else { return .undefined }
            if json.unicodeScalars.first == "\u{1}" { return .xml(try DOMTree.document(json: String(json.unicodeScalars.dropFirst()))) }
            do { return try SCXMLValue(json: json) } catch { throw SCXMLExecutionError("cannot convert the value: \(error)") }
        }
    }

    // MARK: Compiling

    func compile(_ source: String, flags: duk_uint_t) -> duk_int_t {
        let bytes = CESU8.encode(source)
        return bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { scxml_duk_compile(context, $0.baseAddress, duk_size_t($0.count), flags) }
        }
    }

    /// Pushes the compiled form of `expression`, compiling it on first use: a function that
    /// returns the value (value and condition), assigns its one argument (location), or runs the
    /// script. A syntax error is reported each time the expression is used.
    func pushCompiled(_ expression: SCXMLExpression) throws(SCXMLExecutionError) {
        let slot = DuktapeHelper.firstExpressionSlot + UInt32(expression.id)
        if let state = compiled[expression.id] {
            if let message = state { throw SCXMLExecutionError(message) }
            try check(scxml_duk_stash_get(context, slot))
            return
        }
        do throws(SCXMLExecutionError) {
            try balanced { () throws(SCXMLExecutionError) in
                try compileForm(of: expression)
                try check(scxml_duk_stash_put(context, slot))
            }
            compiled[expression.id] = .some(nil)
        } catch {
            // A limit reached while compiling says nothing about the expression: do not keep it.
            if limitExceeded != nil { throw error }
            let message = "\(error.message) in '\(expression.source)' (\(expression.position))"
            compiled[expression.id] = .some(message)
            throw SCXMLExecutionError(message)
        }
        try check(scxml_duk_stash_get(context, slot))
    }

    /// Leaves the compiled form of `expression` on top.
    private func compileForm(of expression: SCXMLExpression) throws(SCXMLExecutionError) {
        let eval = scxml_duk_flag_eval() | scxml_duk_flag_strict()
        switch expression.kind {
        case .value, .condition:
            // Parenthesized first, so that `{…}` is an object and `function(){…}` a value; as
            // written when that fails (a trailing `;`, say).
            if compile("(\n" + expression.source + "\n)", flags: eval) != DUK_EXEC_SUCCESS {
                scxml_duk_set_top(context, scxml_duk_get_top(context) - 1)
                try check(compile(expression.source, flags: eval))
            }
        case .location:
            let setter = "(function (__scxml_value__) {\n(" + expression.source + "\n) = __scxml_value__;\n})"
            try check(compile(setter, flags: eval))
            try call(0)
        case .script:
            try check(compile(expression.source, flags: scxml_duk_flag_strict()))
        }
    }
}
