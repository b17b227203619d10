package configure

// DropTabletConfigs forgets every cached tablet configuration on this node (cold-path benchmarks).
func (m *Module) DropTabletConfigs() {
	m.configs.mu.Lock()
	m.configs.gen++
	m.configs.entries = map[string]*configEntry{}
	m.configs.mu.Unlock()
}
