/// Types of Foundation and the standard library that Combine snippets reach for and Tapline
/// does not have. An unknown name or type that is one of them gets a note that says so and
/// what stands for it here, instead of a bare "unknown name" on code that is good Swift.
enum MissingLibrary {
    /// What the note says for each name.
    static let notes: [String: String] = [
        "Data": "Foundation's 'Data' is not in Tapline; keep the text as a String (its 'count', its characters)",
        "Date": "Foundation's 'Date' is not in Tapline: time here is the virtual clock, and 'now' is how long the program has run",
        "DateFormatter": "Foundation's 'DateFormatter' is not in Tapline: time here is the virtual clock; print 'now'",
        "NumberFormatter": "Foundation's 'NumberFormatter' is not in Tapline; write the text with interpolation, \"\\(value)\"",
        "UnicodeScalar": "Swift's 'UnicodeScalar' is not in Tapline; a String's characters are one-character Strings here",
        "NSError": "Foundation's 'NSError' is not in Tapline; declare an error type of the program's: 'enum AppError: Error { case failed(code: Int) }'",
        "URL": "networking is not in Tapline; a 'Future' that answers after a delay stands for a request",
        "URLSession": "networking is not in Tapline; a 'Future' that answers after a delay stands for a request",
        "URLRequest": "networking is not in Tapline; a 'Future' that answers after a delay stands for a request",
        "JSONDecoder": "Foundation's 'JSONDecoder' is not in Tapline; build the values from a dictionary or a struct's init",
        "JSONEncoder": "Foundation's 'JSONEncoder' is not in Tapline; print the values, or a struct's description",
        "NotificationCenter": "Foundation's 'NotificationCenter' is not in Tapline; a PassthroughSubject stands for a notification",
        "UserDefaults": "Foundation's 'UserDefaults' is not in Tapline; keep the value in a variable or a @Published property",
        "UUID": "Foundation's 'UUID' is not in Tapline; number the values with an Int",
        "example": "'example(of:)' is the helper a book's playground declares in its Sources; declare it too: 'func example(of description: String, action: () -> Void) { print(\"\\n——— Example of:\", description, \"———\"); action() }'",
    ]

    /// A diagnostic about `name` with the note for it, if the name is one of the table's.
    static func noting(_ diagnostic: Diagnostic, name: String) -> Diagnostic {
        guard let note = notes[name] else { return diagnostic }
        return diagnostic.noting(Messages.missingLibrary(note))
    }
}
