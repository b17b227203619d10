package sys

import (
	"context"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"fmt"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// areaData holds the shipped areas in the import file format: the
// countries of the console languages' main markets, and China's provinces
// and prefecture-level divisions with their GB/T 2260 codes.
//
//go:embed areadata/countries.csv areadata/china.csv
var areaData embed.FS

var areaFiles = []string{"areadata/countries.csv", "areadata/china.csv"}

// areaSeedKey records in sys_settings the digest of the data last seeded.
const areaSeedKey = "area_seed"

// shippedAreas parses the embedded files.
func shippedAreas() (areas []Area, digest string, err error) {
	h := sha256.New()
	for _, name := range areaFiles {
		raw, err := areaData.ReadFile(name)
		if err != nil {
			return nil, "", err
		}
		h.Write(raw)
		lines, err := readAreaCSV(raw)
		if err != nil {
			return nil, "", fmt.Errorf("%s: %w", name, err)
		}
		for _, l := range lines {
			a, _, err := parseAreaLine(l.Cells)
			if err != nil {
				return nil, "", fmt.Errorf("%s line %d: %w", name, l.Line, err)
			}
			areas = append(areas, a)
		}
	}
	return areas, hex.EncodeToString(h.Sum(nil)), nil
}

// seedAreas inserts the shipped areas an installation lacks. It runs once
// per version of the data, so an area an administrator deleted stays
// deleted across restarts, and it never overwrites an administrator's edits.
func seedAreas(ctx context.Context, db *gorm.DB) error {
	areas, digest, err := shippedAreas()
	if err != nil {
		return err
	}
	return db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var done Setting
		if err := tx.Where(&Setting{Key: areaSeedKey}).Limit(1).Find(&done).Error; err != nil {
			return err
		}
		if done.Value == digest {
			return nil
		}
		var existing []string
		if err := tx.Model(&Area{}).Pluck("code", &existing).Error; err != nil {
			return err
		}
		have := make(map[string]bool, len(existing))
		for _, c := range existing {
			have[c] = true
		}
		var missing []Area
		for _, a := range areas {
			if !have[a.Code] {
				missing = append(missing, a)
			}
		}
		if len(missing) > 0 {
			// DoNothing: a second process seeding at the same time may insert first.
			if err := tx.Clauses(clause.OnConflict{DoNothing: true}).CreateInBatches(missing, 200).Error; err != nil {
				return err
			}
		}
		return tx.Clauses(clause.OnConflict{UpdateAll: true}).
			Create(&Setting{Key: areaSeedKey, Value: digest, UpdatedAt: time.Now().UTC()}).Error
	})
}
