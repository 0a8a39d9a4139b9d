import TaplineReactive

/// The `try…` operators: their closure may `throw`, and a thrown error fails the stream (and
/// cancels the upstream), as in Combine.
extension ChainOperator {
    static let tryVariants: [ChainOperator] = [tryMap, tryCompactMap, tryFilter, tryScan, tryReduce, tryRemoveDuplicates, tryFirst, tryLast, tryContains, tryAllSatisfy, tryMin, tryMax, tryDrop, tryPrefix]
}

extension Compiler {
    typealias Throwing = AnyPublisher<Value, any Error>

    /// A one-value `try…` operator: `apply` builds the core operator from the upstream and the
    /// closure, which throws what the program throws, honouring the runtime's stop signal.
    func compileTry(_ call: OperatorCall, labels: Set<String?> = OperatorCall.unlabelled, output: (CompiledClosure) -> SType,
                    _ apply: @escaping (PublisherPlan.Stream, @escaping (Value) throws -> Value, StopSignal) -> Throwing) throws(Diagnostic) -> PublisherPlan {
        let body = try closure(try call.closureArgument(labels: labels), inputs: [call.upstream.type], owner: call.name)
        let runtime = self.runtime
        return call.plan(output(body), failure: .error) { stream, frame in
            Compiler.settle(apply(stream, Compiler.throwing(body, frame, runtime), runtime.stop))
        }
    }

    /// A two-value `try…` operator (`tryRemoveDuplicates(by:)`, `tryMin(by:)`).
    func compileTryPair(_ call: OperatorCall, labels: Set<String?>,
                        _ apply: @escaping (PublisherPlan.Stream, @escaping (Value, Value) throws -> Bool, StopSignal) -> Throwing) throws(Diagnostic) -> PublisherPlan {
        let type = call.upstream.type
        let body = try predicate(try call.closureArgument(labels: labels), inputs: [type, type], for: call)
        let (runtime, range) = (self.runtime, call.range)
        return call.plan(type, failure: .error) { stream, frame in
            let bound = body.bind(to: frame)
            return Compiler.settle(apply(stream, { first, second in
                try ValueArithmetic.truth(try runtime.deliverThrowing { try bound.call(first, second) }, range: range)
            }, runtime.stop))
        }
    }

    /// The closure as a core `try…` operator calls it.
    static func throwing(_ closure: CompiledClosure, _ frame: Frame, _ runtime: Runtime) -> (Value) throws -> Value {
        let bound = closure.bind(to: frame)
        return { value in try runtime.deliverThrowing { try bound.call(value) } }
    }

    /// A stream whose failure is any error, back to the language's failure.
    static func settle(_ stream: Throwing) -> PublisherPlan.Stream {
        stream.mapError { ScriptFailure(thrown: $0) }.eraseToAnyPublisher()
    }

    /// A predicate for the core from a closure that may throw.
    static func truth(_ function: @escaping (Value) throws -> Value, range: SourceRange) -> (Value) throws -> Bool {
        { value in try ValueArithmetic.truth(try function(value), range: range) }
    }
}

extension ChainOperator {
    static let tryMap = ChainOperator(
        name: "tryMap", forms: ["tryMap { value or throw }"],
        signature: "func tryMap<T>(_ transform: @escaping (Output) throws -> T) -> Publishers.TryMap<Self, T>",
        summary: "transforms each value; a throw fails the stream",
        usage: "'.tryMap { $0 * 2 }'", completion: "tryMap",
        example: "func check(_ x: Int) -> Int {\n  if x < 0 { throw \"negative\" }\n  return x\n}\n[1, -1, 2].publisher.tryMap { try check($0) }\n  .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })",
        output: "1\nfailure(negative)\n",
        timeline: OperatorTimeline(
            about: "Transforms each value like map, but the closure may throw. A throw fails the stream with that error and cancels the upstream.",
            korean: KoreanWords(summary: "각 값을 변환하고, 에러를 던지면 스트림이 실패해요",
                                 about: "map처럼 각 값을 변환하지만, 클로저가 에러를 던질 수 있어요. 에러를 던지면 스트림이 그 에러로 실패하고 업스트림은 취소돼요."),
            rxSwift: "map (its closure can throw)", rxJS: "map (its callback can throw)",
            program: #"""
            func half(_ x: Int) -> Int {
              if x % 2 == 1 { throw "odd" }
              return x / 2
            }
            subject n: Int
            play n "-2-4-5-6-|"
            n.tryMap { try half($0) }.sink(receiveCompletion: { _ in }, receiveValue: { _ in })
            wait 1s
            """#),
        traits: OperatorTraits(generated: ["tryMap { if $0 > 3 { throw \"big\" }; return $0 }.replaceError(with: 0)"]),
        compile: .operator { compiler, call throws(Diagnostic) in try compiler.compileTryMap(call) })
}

extension Compiler {
    func compileTryMap(_ call: OperatorCall) throws(Diagnostic) -> PublisherPlan {
        try compileTry(call, output: \.resultType) { stream, body, stop in stream.tryMap(body).stopping(on: stop).eraseToAnyPublisher() }
    }
}

extension ChainOperator {
    static let tryCompactMap = ChainOperator(
        name: "tryCompactMap", forms: ["tryCompactMap { value, nil or throw }"],
        signature: "func tryCompactMap<T>(_ transform: @escaping (Output) throws -> T?) -> Publishers.TryCompactMap<Self, T>",
        summary: "transforms and drops nil; a throw fails the stream",
        usage: "'.tryCompactMap { Int($0) }'", completion: "tryCompactMap",
        example: "[\"1\", \"x\", \"3\"].publisher.tryCompactMap { Int($0) }.sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })",
        output: "1\n3\nfinished\n",
        timeline: OperatorTimeline(
            about: "Transforms each value and drops nil like compactMap, but the closure may throw. A throw fails the stream with that error and cancels the upstream.",
            korean: KoreanWords(summary: "변환하고 nil은 버리며, 에러를 던지면 스트림이 실패해요",
                                 about: "compactMap처럼 각 값을 변환하고 nil은 버리지만, 클로저가 에러를 던질 수 있어요. 에러를 던지면 스트림이 그 에러로 실패하고 업스트림은 취소돼요."),
            rxSwift: "compactMap (its closure can throw)",
            program: #"""
            func parse(_ s: String) {
              if s == "?" { throw "bad input" }
              return Int(s)
            }
            subject s: String
            play s "-1-x-3-?-4-|"
            s.tryCompactMap { try parse($0) }.sink(receiveCompletion: { _ in }, receiveValue: { _ in })
            wait 1.2s
            """#),
        compile: .operator { compiler, call throws(Diagnostic) in try compiler.compileTryCompactMap(call) })
}

extension Compiler {
    func compileTryCompactMap(_ call: OperatorCall) throws(Diagnostic) -> PublisherPlan {
        try compileTry(call, output: \.resultType.unwrappedOptional) { stream, body, stop in
            stream.tryCompactMap { value in
                let result = try body(value)
                return result.unwrapped
            }.stopping(on: stop).eraseToAnyPublisher()
        }
    }
}

extension ChainOperator {
    static let tryFilter = ChainOperator(
        name: "tryFilter", forms: ["tryFilter { Bool or throw }"],
        signature: "func tryFilter(_ isIncluded: @escaping (Output) throws -> Bool) -> Publishers.TryFilter<Self>",
        summary: "keeps the values the closure accepts; a throw fails the stream",
        usage: "'.tryFilter { $0 > 1 }'", completion: "tryFilter",
        example: "[1, 2, 0].publisher.tryFilter { v in\n  if v == 0 { throw \"zero\" }\n  return v > 1\n}.sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })",
        output: "2\nfailure(zero)\n",
        timeline: OperatorTimeline(
            about: "Keeps the values the closure accepts like filter, but the closure may throw. A throw fails the stream with that error and cancels the upstream.",
            korean: KoreanWords(summary: "클로저가 받는 값만 남기고, 에러를 던지면 스트림이 실패해요",
                                 about: "filter처럼 클로저가 받아들이는 값만 남기지만, 클로저가 에러를 던질 수 있어요. 에러를 던지면 스트림이 그 에러로 실패하고 업스트림은 취소돼요."),
            rxSwift: "filter (its closure can throw)", rxJS: "filter (its callback can throw)",
            program: #"""
            func big(_ x: Int) -> Bool {
              if x == 0 { throw "zero" }
              return x > 2
            }
            subject n: Int
            play n "-1-3-4-0-5-|"
            n.tryFilter { try big($0) }.sink(receiveCompletion: { _ in }, receiveValue: { _ in })
            wait 1.2s
            """#),
        compile: .operator { compiler, call throws(Diagnostic) in try compiler.compileTryFilter(call) })
}

extension Compiler {
    func compileTryFilter(_ call: OperatorCall) throws(Diagnostic) -> PublisherPlan {
        let (type, range) = (call.upstream.type, call.range)
        return try compileTry(call, output: { _ in type }) { stream, body, stop in
            stream.tryFilter(Compiler.truth(body, range: range)).stopping(on: stop).eraseToAnyPublisher()
        }
    }
}

extension ChainOperator {
    static let tryScan = ChainOperator(
        name: "tryScan", forms: ["tryScan(initial) { acc, value in … }"],
        signature: "func tryScan<T>(_ initialResult: T, _ nextPartialResult: @escaping (T, Output) throws -> T) -> Publishers.TryScan<Self, T>",
        summary: "emits each running result; a throw fails the stream",
        usage: "'.tryScan(0) { $0 + $1 }'", completion: "tryScan(",
        example: "[1, 2, 3].publisher.tryScan(0) { sum, v in\n  if sum + v > 3 { throw \"too big\" }\n  return sum + v\n}.sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })",
        output: "1\n3\nfailure(too big)\n",
        timeline: OperatorTimeline(
            about: "Emits each running result like scan, but the closure may throw. A throw fails the stream with that error, so a running total can refuse to grow past a limit.",
            korean: KoreanWords(summary: "누적 결과를 매번 내고, 에러를 던지면 스트림이 실패해요",
                                 about: "scan처럼 누적 결과를 매번 내보내지만, 클로저가 에러를 던질 수 있어요. 에러를 던지면 스트림이 그 에러로 실패하므로, 누적 합계가 한도를 넘지 못하게 막을 수 있어요."),
            rxSwift: "scan (its closure can throw)", rxJS: "scan (its callback can throw)",
            program: #"""
            func add(_ sum: Int, _ x: Int) -> Int {
              if sum + x > 5 { throw "too big" }
              return sum + x
            }
            subject n: Int
            play n "-1-2-3-4-|"
            n.tryScan(0) { try add($0, $1) }.sink(receiveCompletion: { _ in }, receiveValue: { _ in })
            wait 1s
            """#),
        compile: .operator { compiler, call throws(Diagnostic) in try compiler.compileAccumulator(call, emitsEachStep: true, throwing: true) })
}

extension ChainOperator {
    static let tryReduce = ChainOperator(
        name: "tryReduce", forms: ["tryReduce(initial) { acc, value in … }"],
        signature: "func tryReduce<T>(_ initialResult: T, _ nextPartialResult: @escaping (T, Output) throws -> T) -> Publishers.TryReduce<Self, T>",
        summary: "emits the final result when the upstream finishes; a throw fails the stream",
        usage: "'.tryReduce(0) { $0 + $1 }'", completion: "tryReduce(",
        example: "[1, 2, 3].publisher.tryReduce(0) { $0 + $1 }.sink(receiveCompletion: { _ in }, receiveValue: { print($0) })",
        output: "6\n",
        timeline: OperatorTimeline(
            about: "Combines every value into one result like reduce, but the closure may throw. A throw fails the stream at once; otherwise the result comes when the upstream finishes.",
            korean: KoreanWords(summary: "완료되면 최종 결과를 내고, 에러를 던지면 스트림이 실패해요",
                                 about: "reduce처럼 모든 값을 하나의 결과로 합치지만, 클로저가 에러를 던질 수 있어요. 에러를 던지면 스트림이 곧바로 실패하고, 그렇지 않으면 업스트림이 완료될 때 결과가 나와요."),
            rxSwift: "reduce (its closure can throw)", rxJS: "reduce (its callback can throw)",
            program: #"""
            func add(_ sum: Int, _ x: Int) -> Int {
              if x < 0 { throw "negative" }
              return sum + x
            }
            subject n: Int
            play n "-1-2-3-|"
            n.tryReduce(0) { try add($0, $1) }.sink(receiveCompletion: { _ in }, receiveValue: { _ in })
            wait 1s
            """#),
        compile: .operator { compiler, call throws(Diagnostic) in try compiler.compileAccumulator(call, emitsEachStep: false, throwing: true) })
}

extension ChainOperator {
    static let tryRemoveDuplicates = ChainOperator(
        name: "tryRemoveDuplicates", forms: ["tryRemoveDuplicates { a, b in Bool or throw }"],
        signature: "func tryRemoveDuplicates(by predicate: @escaping (Output, Output) throws -> Bool) -> Publishers.TryRemoveDuplicates<Self>",
        summary: "drops a value the closure calls equal to the one before; a throw fails the stream",
        usage: "'.tryRemoveDuplicates { $0 == $1 }'", completion: "tryRemoveDuplicates",
        example: "[1, 1, 2].publisher.tryRemoveDuplicates { $0 == $1 }.collect().sink(receiveCompletion: { _ in }, receiveValue: { print($0) })",
        output: "[1, 2]\n",
        timeline: OperatorTimeline(
            about: "Drops a value the closure calls equal to the one before, like removeDuplicates(by:), but the closure may throw. A throw fails the stream with that error.",
            korean: KoreanWords(summary: "클로저가 앞 값과 같다고 본 값을 버리고, 던지면 스트림이 실패해요",
                                 about: "removeDuplicates(by:)처럼 클로저가 바로 앞 값과 같다고 판단한 값을 버리지만, 클로저가 에러를 던질 수 있어요. 에러를 던지면 스트림이 그 에러로 실패해요."),
            rxSwift: "distinctUntilChanged(_:) (its closure can throw)", rxJS: "distinctUntilChanged(comparator)",
            program: #"""
            func same(_ a: Int, _ b: Int) -> Bool {
              if b == 0 { throw "zero" }
              return a == b
            }
            subject n: Int
            play n "-1-1-2-2-0-3-|"
            n.tryRemoveDuplicates { try same($0, $1) }.sink(receiveCompletion: { _ in }, receiveValue: { _ in })
            wait 1.4s
            """#),
        compile: .operator { compiler, call throws(Diagnostic) in try compiler.compileTryRemoveDuplicates(call) })
}

extension Compiler {
    func compileTryRemoveDuplicates(_ call: OperatorCall) throws(Diagnostic) -> PublisherPlan {
        try compileTryPair(call, labels: [nil, "by"]) { stream, same, stop in stream.tryRemoveDuplicates(by: same).stopping(on: stop).eraseToAnyPublisher() }
    }
}

extension ChainOperator {
    static let tryFirst = ChainOperator(
        name: "tryFirst", forms: ["tryFirst { Bool or throw }"],
        signature: "func tryFirst(where predicate: @escaping (Output) throws -> Bool) -> Publishers.TryFirstWhere<Self>",
        summary: "the first value the closure accepts; a throw fails the stream",
        usage: "'.tryFirst { $0 > 1 }'", completion: "tryFirst",
        example: "[1, 2, 3].publisher.tryFirst { $0 > 1 }.sink(receiveCompletion: { _ in }, receiveValue: { print($0) })",
        output: "2\n",
        timeline: OperatorTimeline(
            about: "Passes on the first value the closure accepts, then finishes and cancels its upstream, like first(where:). A throw before a match fails the stream instead.",
            korean: KoreanWords(summary: "클로저가 받는 첫 값을 내고, 에러를 던지면 스트림이 실패해요",
                                 about: "first(where:)처럼 클로저가 받아들이는 첫 값을 넘긴 뒤 완료되고 업스트림을 취소해요. 일치하는 값이 나오기 전에 에러를 던지면 대신 스트림이 실패해요."),
            rxSwift: "filter(_:).take(1)", rxJS: "first(predicate)",
            program: #"""
            func over(_ x: Int) -> Bool {
              if x < 0 { throw "negative" }
              return x > 2
            }
            subject n: Int
            play n "-1-2-3-4-|"
            n.tryFirst { try over($0) }.sink(receiveCompletion: { _ in }, receiveValue: { _ in })
            wait 1s
            """#),
        compile: .operator { compiler, call throws(Diagnostic) in try compiler.compileTryFirst(call) })
}

extension Compiler {
    func compileTryFirst(_ call: OperatorCall) throws(Diagnostic) -> PublisherPlan {
        let (type, range) = (call.upstream.type, call.range)
        return try compileTry(call, labels: [nil, "where"], output: { _ in type }) { stream, body, stop in
            stream.tryFirst(where: Compiler.truth(body, range: range)).stopping(on: stop).eraseToAnyPublisher()
        }
    }
}

extension ChainOperator {
    static let tryLast = ChainOperator(
        name: "tryLast", forms: ["tryLast { Bool or throw }"],
        signature: "func tryLast(where predicate: @escaping (Output) throws -> Bool) -> Publishers.TryLastWhere<Self>",
        summary: "the last value the closure accepts, when the upstream finishes; a throw fails the stream",
        usage: "'.tryLast { $0 > 1 }'", completion: "tryLast",
        example: "[1, 2, 3].publisher.tryLast { $0 < 3 }.sink(receiveCompletion: { _ in }, receiveValue: { print($0) })",
        output: "2\n",
        timeline: OperatorTimeline(
            about: "Emits the last value the closure accepted when the upstream finishes, like last(where:). A throw fails the stream at once.",
            korean: KoreanWords(summary: "완료 시 클로저가 받은 마지막 값을 내고, 던지면 스트림이 실패해요",
                                 about: "last(where:)처럼 업스트림이 완료되면 클로저가 받아들인 마지막 값을 내보내요. 에러를 던지면 스트림이 곧바로 실패해요."),
            rxSwift: "filter(_:).takeLast(1)", rxJS: "last(predicate)",
            program: #"""
            func small(_ x: Int) -> Bool {
              if x < 0 { throw "negative" }
              return x < 3
            }
            subject n: Int
            play n "-1-2-3-4-|"
            n.tryLast { try small($0) }.sink(receiveCompletion: { _ in }, receiveValue: { _ in })
            wait 1s
            """#),
        compile: .operator { compiler, call throws(Diagnostic) in try compiler.compileTryLast(call) })
}

extension Compiler {
    func compileTryLast(_ call: OperatorCall) throws(Diagnostic) -> PublisherPlan {
        let (type, range) = (call.upstream.type, call.range)
        return try compileTry(call, labels: [nil, "where"], output: { _ in type }) { stream, body, stop in
            stream.tryLast(where: Compiler.truth(body, range: range)).stopping(on: stop).eraseToAnyPublisher()
        }
    }
}

extension ChainOperator {
    static let tryContains = ChainOperator(
        name: "tryContains", forms: ["tryContains { Bool or throw }"],
        signature: "func tryContains(where predicate: @escaping (Output) throws -> Bool) -> Publishers.TryContainsWhere<Self>",
        summary: "true at the first value the closure accepts, else false at the end; a throw fails the stream",
        usage: "'.tryContains { $0 > 1 }'", completion: "tryContains",
        example: "[1, 2, 3].publisher.tryContains { $0 > 2 }.sink(receiveCompletion: { _ in }, receiveValue: { print($0) })",
        output: "true\n",
        timeline: OperatorTimeline(
            about: "Emits true and finishes at the first value the closure accepts, else false when the upstream finishes, like contains(where:). A throw fails the stream instead.",
            korean: KoreanWords(summary: "클로저가 받는 첫 값에 true, 없으면 끝에 false, 던지면 실패",
                                 about: "contains(where:)처럼 클로저가 받아들이는 첫 값에서 true를 내보내고 완료되며, 그런 값이 없으면 업스트림이 완료될 때 false를 내보내요. 에러를 던지면 대신 스트림이 실패해요."),
            program: #"""
            func check(_ x: Int) -> Bool {
              if x == 0 { throw "zero" }
              return x > 5
            }
            subject n: Int
            play n "-1-2-0-7-|"
            n.tryContains { try check($0) }.sink(receiveCompletion: { _ in }, receiveValue: { _ in })
            wait 1s
            """#),
        compile: .operator { compiler, call throws(Diagnostic) in try compiler.compileTryContains(call) })
}

extension Compiler {
    func compileTryContains(_ call: OperatorCall) throws(Diagnostic) -> PublisherPlan {
        let range = call.range
        return try compileTry(call, labels: [nil, "where"], output: { _ in .bool }) { stream, body, stop in
            stream.tryContains(where: Compiler.truth(body, range: range)).stopping(on: stop).map(Value.bool).eraseToAnyPublisher()
        }
    }
}

extension ChainOperator {
    static let tryAllSatisfy = ChainOperator(
        name: "tryAllSatisfy", forms: ["tryAllSatisfy { Bool or throw }"],
        signature: "func tryAllSatisfy(_ predicate: @escaping (Output) throws -> Bool) -> Publishers.TryAllSatisfy<Self>",
        summary: "false at the first value the closure rejects, else true at the end; a throw fails the stream",
        usage: "'.tryAllSatisfy { $0 > 0 }'", completion: "tryAllSatisfy",
        example: "[1, 2].publisher.tryAllSatisfy { $0 > 0 }.sink(receiveCompletion: { _ in }, receiveValue: { print($0) })",
        output: "true\n",
        timeline: OperatorTimeline(
            about: "Emits false at the first value the closure rejects, else true when the upstream finishes, like allSatisfy. A throw fails the stream instead.",
            korean: KoreanWords(summary: "클로저가 거부하는 첫 값에 false, 없으면 끝에 true, 던지면 실패",
                                 about: "allSatisfy처럼 클로저가 거부하는 첫 값에서 false를 내보내고, 그런 값이 없으면 업스트림이 완료될 때 true를 내보내요. 에러를 던지면 대신 스트림이 실패해요."),
            rxJS: "every",
            program: #"""
            func positive(_ x: Int) -> Bool {
              if x == 0 { throw "zero" }
              return x > 0
            }
            subject n: Int
            play n "-1-2-3-|"
            n.tryAllSatisfy { try positive($0) }.sink(receiveCompletion: { _ in }, receiveValue: { _ in })
            wait 1s
            """#),
        compile: .operator { compiler, call throws(Diagnostic) in try compiler.compileTryAllSatisfy(call) })
}

extension Compiler {
    func compileTryAllSatisfy(_ call: OperatorCall) throws(Diagnostic) -> PublisherPlan {
        let range = call.range
        return try compileTry(call, output: { _ in .bool }) { stream, body, stop in
            stream.tryAllSatisfy(Compiler.truth(body, range: range)).stopping(on: stop).map(Value.bool).eraseToAnyPublisher()
        }
    }
}

extension ChainOperator {
    static let tryMin = ChainOperator(
        name: "tryMin", forms: ["tryMin { a, b in Bool or throw }"],
        signature: "func tryMin(by areInIncreasingOrder: @escaping (Output, Output) throws -> Bool) -> Publishers.TryComparison<Self>",
        summary: "the least value by the closure's order, at the end; a throw fails the stream",
        usage: "'.tryMin { $0 < $1 }'", completion: "tryMin",
        example: "[3, 1, 2].publisher.tryMin { $0 < $1 }.sink(receiveCompletion: { _ in }, receiveValue: { print($0) })",
        output: "1\n",
        timeline: OperatorTimeline(
            about: "Emits the least value by the closure's order when the upstream finishes, like min(by:). A throw in the comparison fails the stream.",
            korean: KoreanWords(summary: "끝에 클로저 순서로 가장 작은 값을 내고, 던지면 스트림이 실패해요",
                                 about: "min(by:)처럼 업스트림이 완료되면 클로저가 정한 순서로 가장 작은 값을 내보내요. 비교 중에 에러를 던지면 스트림이 실패해요."),
            rxJS: "min(comparer)",
            program: #"""
            func less(_ a: Int, _ b: Int) -> Bool {
              if b == 0 { throw "zero" }
              return a < b
            }
            subject n: Int
            play n "-3-1-4-2-|"
            n.tryMin { try less($0, $1) }.sink(receiveCompletion: { _ in }, receiveValue: { _ in })
            wait 1s
            """#),
        compile: .operator { compiler, call throws(Diagnostic) in try compiler.compileTryComparison(call, keepsLargest: false) })
}

extension Compiler {
    func compileTryComparison(_ call: OperatorCall, keepsLargest: Bool) throws(Diagnostic) -> PublisherPlan {
        try compileTryPair(call, labels: [nil, "by"]) { stream, ordered, stop in
            keepsLargest ? stream.tryMax(by: ordered).stopping(on: stop).eraseToAnyPublisher() : stream.tryMin(by: ordered).stopping(on: stop).eraseToAnyPublisher()
        }
    }
}

extension ChainOperator {
    static let tryMax = ChainOperator(
        name: "tryMax", forms: ["tryMax { a, b in Bool or throw }"],
        signature: "func tryMax(by areInIncreasingOrder: @escaping (Output, Output) throws -> Bool) -> Publishers.TryComparison<Self>",
        summary: "the greatest value by the closure's order, at the end; a throw fails the stream",
        usage: "'.tryMax { $0 < $1 }'", completion: "tryMax",
        example: "[3, 1, 2].publisher.tryMax { $0 < $1 }.sink(receiveCompletion: { _ in }, receiveValue: { print($0) })",
        output: "3\n",
        timeline: OperatorTimeline(
            about: "Emits the greatest value by the closure's order when the upstream finishes, like max(by:). A throw in the comparison fails the stream.",
            korean: KoreanWords(summary: "끝에 클로저 순서로 가장 큰 값을 내고, 던지면 스트림이 실패해요",
                                 about: "max(by:)처럼 업스트림이 완료되면 클로저가 정한 순서로 가장 큰 값을 내보내요. 비교 중에 에러를 던지면 스트림이 실패해요."),
            rxJS: "max(comparer)",
            program: #"""
            func less(_ a: Int, _ b: Int) -> Bool {
              if b == 0 { throw "zero" }
              return a < b
            }
            subject n: Int
            play n "-3-1-0-2-|"
            n.tryMax { try less($0, $1) }.sink(receiveCompletion: { _ in }, receiveValue: { _ in })
            wait 1s
            """#),
        compile: .operator { compiler, call throws(Diagnostic) in try compiler.compileTryComparison(call, keepsLargest: true) })
}

extension ChainOperator {
    static let tryDrop = ChainOperator(
        name: "tryDrop", forms: ["tryDrop { Bool or throw }"],
        signature: "func tryDrop(while predicate: @escaping (Output) throws -> Bool) -> Publishers.TryDropWhile<Self>",
        summary: "skips values while the closure accepts them; a throw fails the stream",
        usage: "'.tryDrop { $0 < 3 }'", completion: "tryDrop",
        example: "[1, 5, 2].publisher.tryDrop { $0 < 3 }.collect().sink(receiveCompletion: { _ in }, receiveValue: { print($0) })",
        output: "[5, 2]\n",
        timeline: OperatorTimeline(
            about: "Skips values while the closure accepts them, then passes on everything after, like drop(while:). A throw while it is still skipping fails the stream.",
            korean: KoreanWords(summary: "클로저가 받는 동안 건너뛰고, 에러를 던지면 스트림이 실패해요",
                                 about: "drop(while:)처럼 클로저가 받아들이는 동안 값을 건너뛰고, 그 뒤로는 모두 넘겨요. 아직 건너뛰는 중에 에러를 던지면 스트림이 실패해요."),
            rxSwift: "skip(while:) (its closure can throw)", rxJS: "skipWhile",
            program: #"""
            func low(_ x: Int) -> Bool {
              if x < 0 { throw "negative" }
              return x < 3
            }
            subject n: Int
            play n "-1-2-5-1-|"
            n.tryDrop { try low($0) }.sink(receiveCompletion: { _ in }, receiveValue: { _ in })
            wait 1s
            """#),
        compile: .operator { compiler, call throws(Diagnostic) in try compiler.compileTryDrop(call) })
}

extension Compiler {
    func compileTryDrop(_ call: OperatorCall) throws(Diagnostic) -> PublisherPlan {
        let (type, range) = (call.upstream.type, call.range)
        return try compileTry(call, labels: [nil, "while"], output: { _ in type }) { stream, body, stop in
            stream.tryDrop(while: Compiler.truth(body, range: range)).stopping(on: stop).eraseToAnyPublisher()
        }
    }
}

extension ChainOperator {
    static let tryPrefix = ChainOperator(
        name: "tryPrefix", forms: ["tryPrefix { Bool or throw }"],
        signature: "func tryPrefix(while predicate: @escaping (Output) throws -> Bool) -> Publishers.TryPrefixWhile<Self>",
        summary: "values while the closure accepts them, then finished; a throw fails the stream",
        usage: "'.tryPrefix { $0 < 3 }'", completion: "tryPrefix",
        example: "[1, 5, 2].publisher.tryPrefix { $0 < 3 }.collect().sink(receiveCompletion: { _ in }, receiveValue: { print($0) })",
        output: "[1]\n",
        timeline: OperatorTimeline(
            about: "Passes on values while the closure accepts them, then finishes and cancels its upstream, like prefix(while:). A throw fails the stream instead.",
            korean: KoreanWords(summary: "클로저가 받는 동안 값을 넘기고 완료, 던지면 스트림이 실패해요",
                                 about: "prefix(while:)처럼 클로저가 받아들이는 동안 값을 넘기다가, 거부하는 값이 오면 완료되고 업스트림을 취소해요. 에러를 던지면 대신 스트림이 실패해요."),
            rxSwift: "take(while:) (its closure can throw)", rxJS: "takeWhile",
            program: #"""
            func low(_ x: Int) -> Bool {
              if x < 0 { throw "negative" }
              return x < 3
            }
            subject n: Int
            play n "-1-2-5-1-|"
            n.tryPrefix { try low($0) }.sink(receiveCompletion: { _ in }, receiveValue: { _ in })
            wait 1s
            """#),
        compile: .operator { compiler, call throws(Diagnostic) in try compiler.compileTryPrefix(call) })
}

extension Compiler {
    func compileTryPrefix(_ call: OperatorCall) throws(Diagnostic) -> PublisherPlan {
        let (type, range) = (call.upstream.type, call.range)
        return try compileTry(call, labels: [nil, "while"], output: { _ in type }) { stream, body, stop in
            stream.tryPrefix(while: Compiler.truth(body, range: range)).stopping(on: stop).eraseToAnyPublisher()
        }
    }
}
