"""Front ends: they speak only the core contract (terminal table, simulation, replay)."""
