using Cqrs.Benchmarks.Cli;
using Cqrs.Benchmarks.ScaleOut;
using Cqrs.Benchmarks.Stores;

return args switch
{
    ["stores", .. var storeArgs] => await StoreBenchmarks.RunAsync(storeArgs, Console.Out).ConfigureAwait(false),
    ["role", .. var roleArgs] => await RoleCommand.RunAsync(roleArgs).ConfigureAwait(false),
    _ => await BenchtestCommand.RunAsync(args, Console.Out, Console.Error).ConfigureAwait(false),
};
