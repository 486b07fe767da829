namespace Cqrs.ServiceBus.LocalBroker.Host; internal static class BrokerHost { public static Task<int> RunAsync(string[] args) => Task.FromResult(args.Length); }
