import StatechartsDurablePostgres

/// Opens the PostgreSQL storage: `locking` is `row` (`SELECT ... FOR UPDATE`) or `optimistic`.
func openPostgres(url: String, poolSize: Int, locking: String) async throws -> OpenedStorage {
    let storage = try await PostgresDurableStorage.connect(url: url, poolSize: poolSize,
                                                           locking: locking == "optimistic" ? .optimistic : .rowLock)
    return OpenedStorage(storage: storage, close: { await storage.close() })
}
