using System.Text.Json.Serialization;
using Cqrs.ServiceBus.LocalBroker;

namespace Cqrs.Benchmarks.ScaleOut;

/// <summary>The broker process is listening.</summary>
internal sealed record BrokerReady(string ConnectionString);

/// <summary>A consumer or sender process is connected; a consumer says whether it runs on its cores alone from its start.</summary>
internal sealed record RoleReady(bool Pinned, int Processors);

/// <summary>What a consumer has completed so far, and when its last completion was (a <see cref="System.Diagnostics.Stopwatch"/> timestamp).</summary>
internal sealed record ConsumerProgress(int Completed, long LastCompletedTimestamp);

/// <summary>A consumer's handler runs per sequence (<see cref="Cqrs.Benchtest.ScaleOut.HandledLedger.Runs"/>).</summary>
internal sealed record ConsumerReport(byte[] Runs);

/// <summary>A command done: the sender's commands accepted by the broker, or the broker's meter started.</summary>
internal sealed record Done(int Count);

/// <summary>The lines the roles and the parent exchange: one JSON object a line, camelCase.</summary>
[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase)]
[JsonSerializable(typeof(BrokerReady))]
[JsonSerializable(typeof(RoleReady))]
[JsonSerializable(typeof(ConsumerProgress))]
[JsonSerializable(typeof(ConsumerReport))]
[JsonSerializable(typeof(Done))]
[JsonSerializable(typeof(BrokerOperations))]
internal sealed partial class RoleJsonContext : JsonSerializerContext;
