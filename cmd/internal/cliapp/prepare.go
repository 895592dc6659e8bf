package cliapp

import (
	"errors"
	"fmt"

	"github.com/urfave/cli/v2"
)

// Errors makes the usage errors of the commands Prepare wires. The app
// owns its usage error type (it decides the exit status); Prepare decides
// when one is due and what it says.
type Errors struct {
	// Usage returns a usage error: what was wrong (msg), what to do (hint,
	// "" when msg says it already) and its cause (err, may be nil).
	Usage func(msg, hint string, err error) error
	// WithHint returns err carrying hint when err is a usage error that
	// does not yet say what to do; other errors unchanged.
	WithHint func(err error, hint string) error
}

// UsageErrors is the Errors made of this package's UsageError (NewUsage
// and WithHint), the ones plylab's commands return.
func UsageErrors() Errors {
	return Errors{Usage: NewUsage, WithHint: WithHint}
}

// HelpFlag is the --help (-h) flag the app and each command carry.
func HelpFlag() *cli.BoolFlag {
	return &cli.BoolFlag{Name: "help", Aliases: []string{"h"}, Usage: "show help", DisableDefaultText: true}
}

// HelpHint is the "what to do" of a usage error of the command at path
// ("plylab positions show").
func HelpHint(path string) string { return fmt.Sprintf("run '%s --help' for usage", path) }

// UnknownCommand is the usage error for an unknown command name typed
// after path (see UnknownCommandMessage).
func UnknownCommand(name, path string, cmds []*cli.Command, errs Errors) error {
	msg := UnknownCommandMessage(name, path, cmds)
	return errs.Usage(msg, "", errors.New(msg))
}

// OnUsageError turns the flag package's parse errors for the command at
// path into one-line usage errors (FlagErrorMessage) with a pointer to
// its --help.
func OnUsageError(path string, errs Errors) cli.OnUsageErrorFunc {
	return func(_ *cli.Context, err error, _ bool) error {
		return errs.Usage(FlagErrorMessage(err), HelpHint(path), err)
	}
}

// Prepare makes cmd, a command under parent ("plylab"), and its
// subcommands follow the app's conventions: its own --help flag, one-line
// usage errors for bad flags, a pointer to its --help on usage errors its
// action returns, required flags checked as usage errors, and for command
// groups an action that shows help or rejects an unknown subcommand.
func Prepare(cmd *cli.Command, parent string, errs Errors) {
	path := parent + " " + cmd.Name
	cmd.HideHelp = true
	cmd.HideHelpCommand = true
	if !HasFlag(cmd.Flags, "help") {
		cmd.Flags = append(cmd.Flags, HelpFlag())
	}
	cmd.OnUsageError = OnUsageError(path, errs)
	if cmd.Action == nil {
		subs := cmd.Subcommands
		if len(subs) > 0 {
			cmd.Action = func(c *cli.Context) error {
				if c.NArg() > 0 {
					return UnknownCommand(c.Args().First(), path, subs, errs)
				}
				return cli.ShowSubcommandHelp(c)
			}
		} else {
			cmd.Action = func(c *cli.Context) error { return cli.ShowSubcommandHelp(c) }
		}
	}
	action := cmd.Action
	hint := HelpHint(path)
	cmd.Action = func(c *cli.Context) error {
		return errs.WithHint(action(c), hint)
	}
	// urfave handles Required flags by printing the whole help and
	// returning a plain error; check them here instead, as usage errors.
	required := TakeRequired(cmd.Flags)
	if before := cmd.Before; before != nil || len(required) > 0 {
		cmd.Before = func(c *cli.Context) error {
			for _, name := range required {
				if !c.IsSet(name) {
					msg := fmt.Sprintf("missing required flag %s; %s", DashName(name), hint)
					return errs.Usage(msg, "", errors.New(msg))
				}
			}
			if before == nil {
				return nil
			}
			return errs.WithHint(before(c), hint)
		}
	}
	for _, sub := range cmd.Subcommands {
		Prepare(sub, path, errs)
	}
}
