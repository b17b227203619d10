package sys

import (
	"context"
	"encoding/json"
	"sync"

	"gorm.io/gorm"

	"github.com/venueplatform/venue/internal/changefeed"
	"github.com/venueplatform/venue/internal/i18n"
	"github.com/venueplatform/venue/internal/tenancy"
)

const topicDict = "sys.dict"

// DictService serves dictionary entries by type from a cache that every
// change invalidates.
type DictService struct {
	db     *gorm.DB
	feed   *changefeed.Feed
	mu     sync.RWMutex
	byType map[string][]DictItem
}

func newDictService(db *gorm.DB, feed *changefeed.Feed) *DictService {
	s := &DictService{db: db, feed: feed, byType: map[string][]DictItem{}}
	feed.Subscribe(topicDict, func(typeCode string) {
		s.mu.Lock()
		delete(s.byType, typeCode)
		s.mu.Unlock()
	})
	return s
}

// DictEntry is one entry as lists and selects receive it.
type DictEntry struct {
	DictKey   string `json:"dictKey"`
	DictValue string `json:"dictValue"`
	Sort      int    `json:"sort"`
}

// ByType lists a type's enabled entries in order, labelled in lang when the
// entry has a label for it (lang "" keeps the stored labels).
func (s *DictService) ByType(ctx context.Context, typeCode, lang string) ([]DictEntry, error) {
	items, err := s.items(ctx, typeCode)
	if err != nil {
		return nil, err
	}
	out := make([]DictEntry, 0, len(items))
	for _, it := range items {
		label := it.DictKey
		if lang != "" && it.Labels != "" {
			var labels map[string]string
			if json.Unmarshal([]byte(it.Labels), &labels) == nil {
				if l, ok := labels[i18n.Normalize(lang)]; ok && l != "" {
					label = l
				}
			}
		}
		out = append(out, DictEntry{DictKey: label, DictValue: it.DictValue, Sort: it.Sort})
	}
	return out, nil
}

func (s *DictService) items(ctx context.Context, typeCode string) ([]DictItem, error) {
	s.mu.RLock()
	items, ok := s.byType[typeCode]
	s.mu.RUnlock()
	if ok {
		return items, nil
	}
	err := s.db.WithContext(tenancy.SystemContext(ctx)).
		Where("type_code = ? AND status = ?", typeCode, StatusEnabled).Order("sort, id").Find(&items).Error
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	s.byType[typeCode] = items
	s.mu.Unlock()
	return items, nil
}

// Changed invalidates a type's cache on every node.
func (s *DictService) Changed(ctx context.Context, typeCode string) error {
	return s.feed.Publish(ctx, topicDict, typeCode)
}
