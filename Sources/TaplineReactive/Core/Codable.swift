/// Combine's Codable forms of its values, so a recording can be saved and read back:
/// a completion is `{"success": true}` or `{"success": false, "error": …}`; a demand is one
/// unsigned number (unlimited is `Int.max + 1`); a recording is `{"output": […],
/// "completion": …}` and a `Record` `{"recording": …}`. (OpenCombine's CompletionTests,
/// SubscribersDemandTests.testEncodeDecodeJSON and RecordTests state these forms, run
/// against Apple's Combine.)
///
/// ```swift
/// let json = try JSONEncoder().encode(Subscribers.Completion<MyError>.finished)
/// // {"success":true}
/// ```
private enum CompletionKey: String, CodingKey {
    case success, error
}

extension Subscribers.Completion: Encodable where Failure: Encodable {
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CompletionKey.self)
        switch self {
        case .finished:
            try container.encode(true, forKey: .success)
        case .failure(let error):
            try container.encode(false, forKey: .success)
            try container.encode(error, forKey: .error)
        }
    }
}

extension Subscribers.Completion: Decodable where Failure: Decodable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CompletionKey.self)
        if try container.decode(Bool.self, forKey: .success) {
            self = .finished
        } else {
            self = .failure(try container.decode(Failure.self, forKey: .error))
        }
    }
}

extension Subscribers.Demand: Codable {
    /// Unlimited's number: one past the largest finite demand.
    private static let unlimitedNumber = UInt(Int.max) + 1

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(max.map { UInt($0) } ?? Self.unlimitedNumber)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let number = try container.decode(UInt.self)
        switch number {
        case Self.unlimitedNumber: self = .unlimited
        case ...UInt(Int.max): self = .max(Int(number))
        default:
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "a demand is at most Int.max + 1 (unlimited), not \(number)")
        }
    }
}

/// The keys of a recording (`output`, `completion`) and of a record (`recording`).
private enum RecordingKey: String, CodingKey {
    case output, completion, recording
}

extension Record.Recording: Codable where Output: Codable, Failure: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: RecordingKey.self)
        self.init(output: try container.decode([Output].self, forKey: .output),
                  completion: try container.decode(Subscribers.Completion<Failure>.self, forKey: .completion))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: RecordingKey.self)
        try container.encode(output, forKey: .output)
        try container.encode(completion, forKey: .completion)
    }

    /// The same as `encode(to:)`, under Combine's other name for it.
    public func encode(into encoder: any Encoder) throws { try encode(to: encoder) }
}

extension Record: Codable where Output: Codable, Failure: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: RecordingKey.self)
        self.init(recording: try container.decode(Recording.self, forKey: .recording))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: RecordingKey.self)
        try container.encode(recording, forKey: .recording)
    }
}
