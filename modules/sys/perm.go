package sys

import (
	"context"
	"log/slog"

	"github.com/casbin/casbin/v3"
	"github.com/casbin/casbin/v3/model"
	gormadapter "github.com/casbin/gorm-adapter/v3"
	"gorm.io/gorm"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/internal/changefeed"
	"github.com/venueplatform/venue/internal/tenancy"
)

const topicPolicy = "sys.policy"

// A policy line grants a role (subject "r:<id>") one operation: the
// permission id of a menu (object) and one operation key (action).
const casbinModel = `
[request_definition]
r = sub, obj, act

[policy_definition]
p = sub, obj, act

[policy_effect]
e = some(where (p.eft == allow))

[matchers]
m = r.sub == p.sub && r.obj == p.obj && r.act == p.act
`

// Perms decides operations with casbin over the casbin_rule table. It
// implements api.Authorizer.
type Perms struct {
	enforcer *casbin.SyncedEnforcer
	feed     *changefeed.Feed
	log      *slog.Logger
}

func newPerms(db *gorm.DB, feed *changefeed.Feed, log *slog.Logger) (*Perms, error) {
	m, err := model.NewModelFromString(casbinModel)
	if err != nil {
		return nil, err
	}
	adb := db.WithContext(tenancy.SystemContext(context.Background()))
	gormadapter.TurnOffAutoMigrate(adb) // the sys migration creates casbin_rule
	adapter, err := gormadapter.NewAdapterByDBUseTableName(adb, "", "casbin_rule")
	if err != nil {
		return nil, err
	}
	e, err := casbin.NewSyncedEnforcer(m, adapter)
	if err != nil {
		return nil, err
	}
	p := &Perms{enforcer: e, feed: feed, log: log}
	feed.Subscribe(topicPolicy, func(string) {
		if err := p.enforcer.LoadPolicy(); err != nil {
			p.log.Error("reload casbin policy", "error", err)
		}
	})
	return p, nil
}

// Allowed reports whether one of the principal's roles grants the operation.
func (p *Perms) Allowed(pr *api.Principal, permission, action string) bool {
	if pr.Admin {
		return true
	}
	for _, role := range pr.Roles {
		if ok, _ := p.enforcer.Enforce(role, permission, action); ok {
			return true
		}
	}
	return false
}

// Grants lists (permission, action) pairs a set of role subjects holds.
func (p *Perms) Grants(roles []string) map[string][]string {
	out := map[string][]string{}
	seen := map[string]bool{}
	for _, r := range roles {
		rules, _ := p.enforcer.GetFilteredPolicy(0, r)
		for _, rule := range rules {
			if len(rule) < 3 || seen[rule[1]+":"+rule[2]] {
				continue
			}
			seen[rule[1]+":"+rule[2]] = true
			out[rule[1]] = append(out[rule[1]], rule[2])
		}
	}
	return out
}

// PolicyChanged reloads the policy here and on every node.
func (p *Perms) PolicyChanged(ctx context.Context) error {
	return p.feed.Publish(ctx, topicPolicy, "")
}

// setRoleGrants replaces a role's policy lines inside tx.
func setRoleGrants(tx *gorm.DB, roleID uint64, grants map[string][]string) error {
	sub := roleSubject(roleID)
	if err := tx.Where("ptype = ? AND v0 = ?", "p", sub).Delete(&CasbinRule{}).Error; err != nil {
		return err
	}
	var rows []CasbinRule
	for _, perm := range sortedKeys(grants) {
		for _, act := range grants[perm] {
			rows = append(rows, CasbinRule{Ptype: "p", V0: sub, V1: perm, V2: act})
		}
	}
	if len(rows) == 0 {
		return nil
	}
	return tx.CreateInBatches(rows, 200).Error
}

// Ceiling is the set of "permission:action" a principal holds; nil for an
// administrator, who holds everything. Nobody grants beyond their ceiling.
func (p *Perms) Ceiling(pr *api.Principal) map[string]bool {
	if pr.Admin {
		return nil
	}
	out := map[string]bool{}
	for perm, acts := range p.Grants(pr.Roles) {
		for _, a := range acts {
			out[perm+":"+a] = true
		}
	}
	return out
}
