package codegen

// Definitions of the package's tests, for the tests that run the whole application.
var (
	TargetSpec    = targetSpec
	EveryTypeSpec = everyTypeSpec
)
