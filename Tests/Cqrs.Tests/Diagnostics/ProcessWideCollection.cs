namespace Cqrs.Tests.Diagnostics;

/// <summary>
/// Tests that listen to or measure the whole process (tracer providers, allocated bytes): they run alone,
/// after the parallel tests, so no other test's work shows in what they see.
/// </summary>
[CollectionDefinition(nameof(ProcessWideCollection), DisableParallelization = true)]
public sealed class ProcessWideCollection;
