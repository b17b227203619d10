package cuisine

// DropMenus forgets a merchant's cached menus on this node (cold-path benchmarks).
func (m *Module) DropMenus(merchantID uint64) { m.menus.dropMerchant(merchantID) }
