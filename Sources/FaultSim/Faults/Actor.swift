/// Who acts in the model: the lifelines of a trace and of its sequence diagram, and the owner
/// of each fault in the fault table.
public enum Actor: Int, Sendable, CaseIterable {
    case user, app, storeKit, localStore, appServer, apple

    public var title: String {
        switch self {
        case .user: "User"
        case .app: "App"
        case .storeKit: "StoreKit"
        case .localStore: "Local store"
        case .appServer: "App server"
        case .apple: "Apple"
        }
    }
}
