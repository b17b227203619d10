package onboarding

import _ "embed"

// reviewBPMN is the seeded merchant_signup model:
//
//	start → Review sign-up (platform administrators; reject continues)
//	  → approved? ─yes→ sys.DecideSignup(approved) → merchant created
//	  └no→ sys.DecideSignup(rejected) → sign-up rejected
//
// It lives in merchant_signup.bpmn so that a BPMN modeler opens it as it is.
//
//go:embed merchant_signup.bpmn
var reviewBPMN string
