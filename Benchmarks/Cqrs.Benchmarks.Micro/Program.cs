using Cqrs.Benchmarks.Micro;

return MicroBenchmarks.Run(args);
