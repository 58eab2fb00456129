/// Walking a JSON value by key path, as a part file is read: each accessor checks the value's
/// type and range and throws an error that names the file, the key path and the value. These
/// do not mark keys as known: a part's reader takes what it needs and a later simrun's extra keys
/// are not errors, where a scenario's reader (`finish`) refuses any key nobody asked for.
extension ObjectReader {
    func error(_ message: String) -> ScenarioError {
        ScenarioError(file: file, keyPath: path, value: value.rendered, message: message)
    }

    func field(_ key: String) throws(ScenarioError) -> ObjectReader {
        guard case .object(let fields) = value else { throw error("expected an object") }
        guard let found = fields.first(where: { $0.key == key }) else {
            throw ScenarioError(file: file, keyPath: keyPath(key), message: "missing")
        }
        return ObjectReader(file: file, path: keyPath(key), any: found.value)
    }

    /// The field `key`, or nil when the object has none (a key only some parts carry).
    func optionalField(_ key: String) throws(ScenarioError) -> ObjectReader? {
        guard case .object(let fields) = value else { throw error("expected an object") }
        return fields.contains { $0.key == key } ? try field(key) : nil
    }

    func objectFields() throws(ScenarioError) -> [(String, ObjectReader)] {
        guard case .object(let fields) = value else { throw error("expected an object") }
        return fields.map { ($0.key, ObjectReader(file: file, path: path + "." + $0.key, any: $0.value)) }
    }

    func arrayValue() throws(ScenarioError) -> [ObjectReader] {
        guard case .array(let items) = value else { throw error("expected an array") }
        return items.enumerated().map { ObjectReader(file: file, path: "\(path)[\($0.offset)]", any: $0.element) }
    }

    func stringValue() throws(ScenarioError) -> String {
        guard case .string(let text) = value else { throw error("expected a string") }
        return text
    }

    /// A whole number, read from its text: never through a Double, so no count is rounded.
    func integerValue() throws(ScenarioError) -> Int64 {
        guard case .number(let text) = value, let number = Int64(text) else { throw error("expected a whole number") }
        return number
    }

    /// A count: a whole number from 0 to `ceiling`.
    func count(_ ceiling: Int64) throws(ScenarioError) -> Int64 {
        let number = try integerValue()
        guard number >= 0, number <= ceiling else { throw error("expected a count from 0 to \(ceiling), the most the part's runs can make") }
        return number
    }

    func unsignedValue() throws(ScenarioError) -> UInt64 {
        guard case .number(let text) = value, let number = UInt64(text) else { throw error("expected a whole number ≥ 0") }
        return number
    }

    func array(_ key: String) throws(ScenarioError) -> [ObjectReader] { try field(key).arrayValue() }
    func string(_ key: String) throws(ScenarioError) -> String { try field(key).stringValue() }
    func integer(_ key: String) throws(ScenarioError) -> Int64 { try field(key).integerValue() }
    func unsigned(_ key: String) throws(ScenarioError) -> UInt64 { try field(key).unsignedValue() }

    func bool(_ key: String) throws(ScenarioError) -> Bool {
        let child = try field(key)
        guard case .bool(let flag) = child.value else { throw child.error("expected true or false") }
        return flag
    }
}
