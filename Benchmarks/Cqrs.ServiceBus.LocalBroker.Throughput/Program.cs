// Receives/s through the local broker with the unmodified client, broker and client in this process:
// ServiceBusProcessor (prefetch 100, 8 concurrent calls), with and without its lock renewal, a receiver taking batches,
// and one receive + complete at a time (prefetch 0).
// dotnet run -c Release --project Benchmarks/Cqrs.ServiceBus.LocalBroker.Throughput -- [tuned count] [baseline count]
using System.Diagnostics;
using Azure.Messaging.ServiceBus;
using Cqrs.ServiceBus.LocalBroker;
using Cqrs.ServiceBus.LocalBroker.Topology;

var tunedCount = args.Length > 0 ? int.Parse(args[0], System.Globalization.CultureInfo.InvariantCulture) : 20_000;
var baselineCount = args.Length > 1 ? int.Parse(args[1], System.Globalization.CultureInfo.InvariantCulture) : 2_000;
await using var broker = await LocalServiceBusBroker.StartAsync(new BrokerTopology().AddQueue("tuned").AddQueue("no-renewal").AddQueue("batches").AddQueue("baseline"));
await using var client = new ServiceBusClient(broker.ConnectionString);

var sendSeconds = await Measure(() => Send("tuned", tunedCount));
Console.WriteLine($"send (batches): {tunedCount / sendSeconds:N0} msg/s");
await Send("no-renewal", tunedCount);
await Send("batches", tunedCount);
await Send("baseline", baselineCount);

var tunedSeconds = await Measure(() => RunProcessor("tuned", tunedCount, TimeSpan.FromMinutes(5)));
Console.WriteLine($"processor prefetch 100, concurrency 8: {tunedCount / tunedSeconds:N0} receives/s ({tunedCount:N0} in {tunedSeconds:N2} s)");

// The same without the client's automatic lock renewal (a timer per message in flight): shows what it costs the client.
var noRenewalSeconds = await Measure(() => RunProcessor("no-renewal", tunedCount, TimeSpan.Zero));
Console.WriteLine($"  the same, MaxAutoLockRenewalDuration 0: {tunedCount / noRenewalSeconds:N0} receives/s");

// A receiver taking what prefetch holds in batches and completing them concurrently: no per-message renewal timer or handler dispatch.
var batchSeconds = await Measure(() => ReceiveInBatches("batches", tunedCount));
Console.WriteLine($"receiver batches of up to 100, prefetch 100, completes concurrent: {tunedCount / batchSeconds:N0} receives/s");

var baselineSeconds = await Measure(() => OneAtATime("baseline", baselineCount));
Console.WriteLine($"one at a time (prefetch 0): {baselineCount / baselineSeconds:N0} receives/s ({baselineCount:N0} in {baselineSeconds:N2} s)");
Console.WriteLine($"ratio: {tunedCount / tunedSeconds / (baselineCount / baselineSeconds):N1}x; process CPU {Process.GetCurrentProcess().TotalProcessorTime.TotalSeconds:N1} s");

async Task<double> Measure(Func<Task> run)
{
    var clock = Stopwatch.StartNew();
    await run();
    return clock.Elapsed.TotalSeconds;
}

async Task Send(string queue, int count)
{
    await using var sender = client.CreateSender(queue);
    var body = new BinaryData(new byte[256]);
    var sent = 0;
    while (sent < count)
    {
        using var batch = await sender.CreateMessageBatchAsync();
        while (sent < count && batch.TryAddMessage(new ServiceBusMessage(body) { MessageId = sent.ToString(System.Globalization.CultureInfo.InvariantCulture) }))
        {
            sent++;
        }

        await sender.SendMessagesAsync(batch);
    }
}

async Task RunProcessor(string queue, int count, TimeSpan lockRenewal)
{
    var handled = 0;
    var done = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
    await using var processor = client.CreateProcessor(queue, new ServiceBusProcessorOptions { PrefetchCount = 100, MaxConcurrentCalls = 8, MaxAutoLockRenewalDuration = lockRenewal });
    processor.ProcessMessageAsync += _ =>
    {
        if (Interlocked.Increment(ref handled) == count)
        {
            done.TrySetResult();
        }

        return Task.CompletedTask;
    };
    processor.ProcessErrorAsync += args =>
    {
        done.TrySetException(args.Exception);
        return Task.CompletedTask;
    };
    await processor.StartProcessingAsync();
    await done.Task;
    await processor.StopProcessingAsync();
}

async Task ReceiveInBatches(string queue, int count)
{
    await using var receiver = client.CreateReceiver(queue, new ServiceBusReceiverOptions { PrefetchCount = 100 });
    var received = 0;
    while (received < count)
    {
        var messages = await receiver.ReceiveMessagesAsync(100);
        received += messages.Count;
        await Task.WhenAll(messages.Select(message => receiver.CompleteMessageAsync(message)));
    }
}

async Task OneAtATime(string queue, int count)
{
    await using var receiver = client.CreateReceiver(queue);
    for (var i = 0; i < count; i++)
    {
        var message = await receiver.ReceiveMessageAsync() ?? throw new InvalidOperationException("The queue ran dry.");
        await receiver.CompleteMessageAsync(message);
    }
}
