package process

import (
	"context"
	"time"

	"gorm.io/gorm/clause"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/internal/dbx"
	"github.com/venueplatform/venue/workflows/engine"
)

// What domain modules (the ad review) use besides OfferService, StartFor,
// NewInstance and Message.

// TaskGuard lets a domain module refuse an action on a task of its process
// after the engine's own checks passed (the ad review refuses a reviewer of
// the ad's own merchant). It answers a business error, or nil to allow.
type TaskGuard func(ctx context.Context, p *api.Principal, t *Task, action string) error

// GuardTasks installs a guard for the tasks of every definition with a key.
// Call it while the modules are built, before requests are served.
func (m *Module) GuardTasks(definitionKey string, g TaskGuard) {
	if m.guards == nil {
		m.guards = map[string]TaskGuard{}
	}
	m.guards[definitionKey] = g
}

// InstanceGuard lets a domain module refuse the generic cancel or
// withdrawal (engine.UpdateCancel, engine.UpdateWithdraw) of its process's
// instances: the ad review ends only through its own messages, so that its
// service tasks keep the ad's status in step.
type InstanceGuard func(ctx context.Context, p *api.Principal, inst *Instance, action string) error

// GuardInstances installs a guard for the instances of a definition key.
func (m *Module) GuardInstances(definitionKey string, g InstanceGuard) {
	if m.instanceGuards == nil {
		m.instanceGuards = map[string]InstanceGuard{}
	}
	m.instanceGuards[definitionKey] = g
}

func (m *Module) guardInstance(ctx context.Context, p *api.Principal, inst *Instance, action string) error {
	if g := m.instanceGuards[inst.DefinitionKey]; g != nil {
		return g(ctx, p, inst, action)
	}
	return nil
}

func (m *Module) guard(ctx context.Context, p *api.Principal, t *Task, action string) error {
	if g := m.guards[t.DefinitionKey]; g != nil {
		return g(ctx, p, t, action)
	}
	return nil
}

// PlatformDefinition is the newest active platform version of a key. A
// domain process runs the platform's definition, never a merchant's model
// that happens to share its key.
func (m *Module) PlatformDefinition(ctx context.Context, key string) (*Definition, error) {
	var d Definition
	err := m.db.WithContext(systemCtx(ctx)).Where("`key` = ? AND merchant_id = 0 AND status = ?", key, DefinitionActive).
		Order("version DESC").Take(&d).Error
	if err != nil {
		if dbx.IsNotFound(err) {
			return nil, api.Conflict("process.no_definition", nil)
		}
		return nil, err
	}
	return &d, nil
}

// SeedModel saves the forms and the model of a domain process as the
// platform's and deploys it, once: when a platform model with the key
// exists already (a designer may have changed it since), nothing is
// written but the system flag (in.System: the module's own process, which
// the generic start refuses). It reports whether it deployed.
func (m *Module) SeedModel(ctx context.Context, in ModelInput, forms ...FormInput) (bool, error) {
	ctx = systemCtx(ctx)
	var n int64
	if err := m.db.WithContext(ctx).Model(&Model{}).Where("`key` = ? AND merchant_id = 0", in.Key).Count(&n).Error; err != nil {
		return false, err
	}
	if n > 0 {
		if in.System {
			return false, m.markSystem(ctx, in.Key)
		}
		return false, nil
	}
	system := &api.Principal{UserName: "system"}
	for _, f := range forms {
		if _, err := m.SaveForm(ctx, system, f); err != nil {
			return false, err
		}
	}
	saved, err := m.SaveModel(ctx, system, 0, in)
	if err != nil {
		return false, err
	}
	if len(saved.Issues) > 0 {
		return false, issuesError(saved.Issues)
	}
	if _, err := m.deploy(ctx, &saved.Model, system.UserName); err != nil {
		return false, err
	}
	return true, nil
}

// DiscardInstance removes an instance row written by NewInstance whose
// workflow could not be started: one without a single history line.
func (m *Module) DiscardInstance(ctx context.Context, id uint64) error {
	db := m.db.WithContext(systemCtx(ctx))
	var n int64
	if err := db.Model(&History{}).Where("instance_id = ?", id).Count(&n).Error; err != nil || n > 0 {
		return err
	}
	return db.Delete(&Instance{}, id).Error
}

// AwaitOpenTask answers the open task of an instance once the instance is
// at rest (a service task just before the task may still be running), or
// after wait; nil when there is none.
func (m *Module) AwaitOpenTask(ctx context.Context, instanceID uint64, wait time.Duration) (*TaskView, error) {
	m.settleWithin(ctx, instanceID, wait)
	inst, err := m.Detail(systemCtx(ctx), instanceID)
	if err != nil {
		return nil, err
	}
	for i := range inst.Tasks {
		if t := inst.Tasks[i]; t.Status == TaskOpen {
			return &t, nil
		}
	}
	return nil, nil
}

// Notice leaves a read-only notice of an instance in a user's CC list
// (a domain module telling a starter what became of their request). One
// notice per instance and user: a retried service task writes it once.
func (m *Module) Notice(ctx context.Context, instanceID, userID uint64, from engine.Actor, comment string) error {
	if userID == 0 {
		return nil
	}
	db := m.db.WithContext(systemCtx(ctx))
	var inst Instance
	if err := db.Select("id", "merchant_id").Take(&inst, instanceID).Error; err != nil {
		return err
	}
	c := CC{MerchantID: inst.MerchantID, InstanceID: instanceID, Seq: -1, UserID: userID, Kind: "cc", FromID: from.UserID,
		FromName: from.Name, Comment: truncate(comment, 500), CreatedAt: time.Now().UTC()}
	return db.Clauses(clause.OnConflict{DoNothing: true}).Create(&c).Error
}
