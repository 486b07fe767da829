using Cqrs.Benchmarks.Cli;
using Cqrs.Benchmarks.Micro;

return args is ["micro", .. var benchmarkArgs]
    ? MicroBenchmarks.Run(benchmarkArgs)
    : await BenchtestCommand.RunAsync(args, Console.Out, Console.Error).ConfigureAwait(false);
