package sys

import (
	"net/http"

	"github.com/venueplatform/venue/api"
)

// Routes declares the module's endpoints with the operation each needs.
func (m *Module) Routes(g *api.Group) {
	m.authRoutes(g)
	m.uploadRoutes(g)
	m.orgRoutes(g)
	m.userRoutes(g)
	m.areaRoutes(g)
	m.roleRoutes(g)
	m.menuRoutes(g)
	m.apiRoutes(g)
	m.dictRoutes(g)
	m.logRoutes(g)
}

func (m *Module) authRoutes(g *api.Group) {
	g.Handle(api.Route{Method: http.MethodPost, Path: "/sys/loginjwt", Access: api.Public, Log: api.LogOn,
		Summary: "Log in with user name and password", Body: LoginInput{}, Result: LoginResult{}}, m.loginJWT)
	g.Handle(api.Route{Method: http.MethodPost, Path: "/sys/loginMobileMcc", Access: api.Public, Log: api.LogOn,
		Summary: "Log in with user name and password, or mobile and SMS code", Body: LoginInput{}, Result: LoginResult{}}, m.loginMobile)
	g.Handle(api.Route{Method: http.MethodPost, Path: "/sys/validationcode/sms/create", Access: api.Public,
		Summary: "Send an SMS verification code", Body: SMSInput{}, Result: SMSCreated{}}, m.createSMSCode)
	g.Handle(api.Route{Method: http.MethodPost, Path: "/sys/token/user", Access: api.Self, Log: api.LogOff,
		Summary: "The logged-in user with their grants", Result: UserInfo{}}, m.tokenUser)
	g.Handle(api.Route{Method: http.MethodPost, Path: "/sys/token/user/menus", Access: api.Self, Log: api.LogOff,
		Summary: "The logged-in user's menus and operation codes", Result: UserMenus{}}, m.tokenMenus)
	g.Handle(api.Route{Method: http.MethodPost, Path: "/sys/logoutjwt", Access: api.Self, Log: api.LogOn,
		Summary: "Log out (revokes the token)"}, m.logout)
	g.Handle(api.Route{Method: http.MethodPost, Path: "/sys/user/updatePassword", Access: api.Self,
		Summary: "Change one's own password (revokes every token)", Body: PasswordInput{}}, m.updatePassword)
	g.Handle(api.Route{Method: http.MethodPut, Path: "/sys/user/updateInfo", Access: api.Self,
		Summary: "Edit one's own profile", Body: UpdateInfoInput{}, Result: UserInfo{}}, m.updateInfo)
	g.Handle(api.Route{Method: http.MethodPost, Path: "/sys/dict/getByType", Access: api.Self, Log: api.LogOff,
		Summary: "Dictionary entries of a type, labelled in the request language", Body: DictTypeInput{}, Result: []DictEntry{}}, m.dictByType)
	g.Handle(api.Route{Method: http.MethodPost, Path: "/sys/user/getNoLanguageDict", Access: api.Self, Log: api.LogOff,
		Summary: "Dictionary entries of a type as stored (the language list)", Body: DictTypeInput{}, Result: []DictEntry{}}, m.dictNoLanguage)
	g.Handle(api.Route{Method: http.MethodGet, Path: "/sys/workbench", Access: api.Self,
		Summary: "The logged-in user's workbench", Result: Workbench{}}, m.workbench)
}

func (m *Module) uploadRoutes(g *api.Group) {
	limit := m.deps.Config.ImageMaxBytes + 1<<20
	g.Handle(api.Route{Method: http.MethodPost, Path: "/upload/oss/aliyun/image", Access: api.Self, MaxBody: limit,
		Summary: "Upload an image (jpg, png, gif by content, under 10 MB)", Result: []string{}}, m.uploadImage)
	g.Handle(api.Route{Method: http.MethodPost, Path: "/upload/oss/aliyun/uploadVideo", Access: api.Self,
		MaxBody: m.deps.Config.VideoMaxBytes + 1<<20,
		Summary: "Upload a video (mp4, webm, mov by content)", Result: []string{}}, m.uploadVideo)
	g.Handle(api.Route{Method: http.MethodPost, Path: "/upload/oss/aliyun/file", Access: api.Self, MaxBody: fileMaxBytes + 1<<20,
		Summary: "Upload an attachment (pdf, docx, xlsx, pptx or an image, by content, under 20 MB)", Result: []string{}}, m.uploadFile)
}
