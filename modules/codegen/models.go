package codegen

import "time"

// Definition is a saved entity definition. It belongs to the platform (no
// tenant columns): generating code is a platform administrator's tool. One
// module holds one generated entity, so the module name is unique.
type Definition struct {
	ID        uint64    `gorm:"primaryKey"`
	Module    string    `gorm:"size:32;not null;uniqueIndex:uk_codegen_definitions_module"`
	Entity    string    `gorm:"size:32;not null"`
	Spec      string    `gorm:"type:mediumtext;not null"` // the normalized definition as JSON
	CreatedBy uint64    `gorm:"not null"`
	UpdatedBy uint64    `gorm:"not null"`
	CreatedAt time.Time `gorm:"not null"`
	UpdatedAt time.Time `gorm:"not null"`
}

func (Definition) TableName() string { return "codegen_definitions" }
