/// How business items are numbered under Apple products: product p sells items
/// p·k … p·k + k − 1, k being `catalog.itemsPerProduct`. The user's plan picks one; a client or a
/// server that cannot tell which falls back to the product's first, the default item.
struct ItemNumbering: Sendable {
    /// k: business items per Apple product.
    let itemsPerProduct: Int32

    init(_ catalog: CatalogParameters) {
        itemsPerProduct = Int32(catalog.itemsPerProduct)
    }

    /// One item per product: the product names the item.
    var isOneToOne: Bool {
        @inline(__always) get { itemsPerProduct == 1 }
    }

    /// Item number `choice` (0 ..< k) of `product`.
    @inline(__always)
    func item(product: Int32, choice: Int32) -> Int32 { product * itemsPerProduct + choice }

    /// The item assumed when only the product is known.
    @inline(__always)
    func defaultItem(of product: Int32) -> Int32 { item(product: product, choice: 0) }
}
