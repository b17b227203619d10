// Package deploy holds the deployment files (compose.yaml, k8s/, the
// Dockerfile). It has no code: its tests load every file with the loaders
// the tools use (compose-go with the Compose schema, the Kubernetes API
// types decoded strictly) and check what they must say, so that the heavy
// loaders stay out of the binary.
package deploy
