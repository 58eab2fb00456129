/// What is for sale (docs/model.md §3 and §10).
public struct CatalogParameters: Sendable, Equatable {
    public enum ProductType: String, Sendable, CaseIterable {
        /// Coins: gone from the app receipt once finished (and from Get Transaction History v1).
        case consumable
        /// Stays in the app receipt.
        case nonConsumable
        /// Seed 000's series passes: stays in the receipt.
        case nonRenewingSubscription
    }
    public var productType: ProductType = .consumable
    /// Apple product ids in the catalog; each intent picks one uniformly.
    public var products: Int = 1
    /// Business items sold under one Apple product id (seed 000's "500 yuan tier" for several
    /// series). 1 makes the product → item mapping perfect.
    public var itemsPerProduct: Int = 1
}
