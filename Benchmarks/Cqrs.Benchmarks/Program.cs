using Cqrs.Benchmarks.Cli;
using Cqrs.Benchmarks.Stores;

return args switch
{
    ["stores", .. var storeArgs] => await StoreBenchmarks.RunAsync(storeArgs, Console.Out).ConfigureAwait(false),
    _ => await BenchtestCommand.RunAsync(args, Console.Out, Console.Error).ConfigureAwait(false),
};
